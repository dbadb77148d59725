// Issue 39 §2-3, the pieces that need no server: transliteration into Windows-1252, Belegfeld 1 in DATEV's
// characters, DATEV's Kurs and Basis-Umsatz, VAT IDs for field 40 and the master data, Beleginfo, the
// reversal of a cancelled document, the cancellation's day, and the master data's 254 columns.
import { describe, expect, test } from 'bun:test';
import { DEFAULT_REVENUE_ACCOUNTS } from '../../src/modules/exports/accounts';
import {
  belegfeld,
  bookingLine,
  encodeCp1252,
  headerLine,
  transliterate,
} from '../../src/modules/exports/datev/format';
import { MASTER_DATA_COLUMNS, masterDataLine } from '../../src/modules/exports/datev/master-data-format';
import { euVatIdOf } from '../../src/modules/exports/datev/vat-id';
import { bookingsOf, flipped, kursOf } from '../../src/modules/exports/use-cases/datev-bookings';
import { archiveStem, cancellationDateOf } from '../../src/modules/exports/use-cases/datev-entries';
import { euroRateOf } from '../../src/modules/exports/use-cases/datev-lines';
import { bookingProblems, datevFields, masterDataProblems, unquote } from '../datev';

const cp1252 = (s: string) => new TextDecoder('windows-1252').decode(encodeCp1252(s));

describe('Windows-1252 text', () => {
  test('letters the code page lacks lose their accent or stroke; its own letters stay', () => {
    expect(cp1252('Łódź Trading')).toBe('Lódz Trading');
    expect(cp1252('Müller & Søn, Straße')).toBe('Müller & Søn, Straße');
    expect(cp1252('Đorđević, Dvořák, Şahin, Ștefan, Gdańsk, Kraków, Ħamrun')).toBe(
      'Dordevic, Dvorák, Sahin, Stefan, Gdansk, Kraków, Hamrun',
    );
    // One letter for one: a field cut to DATEV's length stays within it.
    expect(transliterate('ŁĐđıŀ')).toBe('LDdil');
    // Nothing to fall back on: still a question mark.
    expect(cp1252('漢字 😀')).toBe('?? ?');
  });
});

describe('Belegfeld 1', () => {
  test('only letters, digits and $ & % * + - /, the same way every time', () => {
    expect(belegfeld('PW.2026.88172')).toBe('PW-2026-88172');
    expect(belegfeld('RE.2026.09.102')).toBe(belegfeld('RE.2026.09.102'));
    expect(belegfeld('A&B%C*D+E/F$G')).toBe('A&B%C*D+E/F$G');
    expect(belegfeld('Łódź #7 (Kopie)')).toBe('Lodz--7--Kopie-');
    expect(belegfeld('+49')).toBe('$49');
    // A full stop first becomes `-`, which as the first character becomes `$`.
    expect(belegfeld(`.${'9'.repeat(40)}`)).toBe(`$${'9'.repeat(35)}`);
    for (const number of ['x.y_z ä', 'Ø-1', '—', '0'])
      expect(belegfeld(number)).toMatch(/^[A-Za-z0-9$&%*+\-/]{1,36}$/);
  });
});

describe('foreign currency', () => {
  test("Kurs in DATEV's form (units per euro, 2 to 6 decimals), Basis-Umsatz in euros", () => {
    expect(kursOf('0.9213')).toBe('1.085423');
    expect(kursOf('0.5')).toBe('2.00');
    expect(kursOf('0.8')).toBe('1.25');
    expect(kursOf('1.17')).toBe('0.854701');
    const [usd] = bookingsOf(
      {
        total: '1000.00',
        taxGroups: [{ category: 'G', rate: '0', taxable_amount: '1000.00', tax_amount: '0.00' }],
        side: 'S',
        currency: 'USD',
        euroRate: '0.9213',
        account: 10000,
        date: '2026-09-07',
        reference: 'US-1',
        text: 'New York Inc.',
      },
      DEFAULT_REVENUE_ACCOUNTS.SKR03,
    );
    const fields = datevFields(bookingLine(usd as NonNullable<typeof usd>).trimEnd());
    expect(fields.slice(0, 8)).toEqual([
      '1000,00',
      '"S"',
      '"USD"',
      '1,085423',
      '921,30',
      '"EUR"',
      '10000',
      '8120',
    ]);
    expect(bookingProblems(fields)).toEqual([]);
  });

  test("the rate comes from the document's tax currency; none for a foreign amount is undefined", () => {
    expect(euroRateOf('EUR', {})).toBeNull();
    expect(euroRateOf('USD', { tax_currency: { currency: 'EUR', exchange_rate: '0.9213' } })).toBe('0.9213');
    expect(euroRateOf('USD', {})).toBeUndefined();
    expect(euroRateOf('USD', { tax_currency: { currency: 'PLN', exchange_rate: '3.9' } })).toBeUndefined();
    expect(euroRateOf('USD', { tax_currency: { currency: 'EUR', exchange_rate: '0' } })).toBeUndefined();
  });
});

describe('VAT IDs', () => {
  test('country code and number, as field 40 and the master data take them', () => {
    expect(euVatIdOf('ATU12345678')).toEqual({ country: 'AT', number: 'U12345678' });
    expect(euVatIdOf('fr 12 345.678.901')).toEqual({ country: 'FR', number: '12345678901' });
    expect(euVatIdOf('123456789', 'GR')).toEqual({ country: 'EL', number: '123456789' });
    expect(euVatIdOf('GR123456789')).toEqual({ country: 'EL', number: '123456789' });
    expect(euVatIdOf('CHE-123.456.789 MWST')).toBeNull();
    expect(euVatIdOf('GB123456789')).toBeNull();
    expect(euVatIdOf('', 'DE')).toBeNull();
  });
});

describe('bookings', () => {
  const doc = {
    total: '1190.40',
    taxGroups: [
      { category: 'K', rate: '0', taxable_amount: '1000.00', tax_amount: '0.00' },
      { category: 'S', rate: '19', taxable_amount: '160.00', tax_amount: '30.40' },
    ],
    side: 'S' as const,
    currency: 'EUR',
    account: 10001,
    date: '2026-09-04',
    reference: 'RE.1',
    text: 'Wiener Handel GmbH',
    euVatId: 'ATU12345678',
    info: [
      ['Beleg-ID', 'doc_1'],
      ['Belegnummer', 'RE.1'],
      ['Archivdatei', 'issued/RE.1.pdf'],
    ] as const,
  };

  test('the VAT ID on the intra-EU booking only; Beleginfo on every one; every field as DATEV reads it', () => {
    const lines = bookingsOf(doc, DEFAULT_REVENUE_ACCOUNTS.SKR03).map((b) =>
      datevFields(bookingLine(b).trimEnd()),
    );
    expect(lines.map((f) => [f[7], f[39]])).toEqual([
      ['8400', ''],
      ['8125', '"ATU12345678"'],
    ]);
    for (const fields of lines) {
      expect(fields.slice(20, 26).map(unquote)).toEqual([
        'Beleg-ID',
        'doc_1',
        'Belegnummer',
        'RE.1',
        'Archivdatei',
        'issued/RE.1.pdf',
      ]);
      expect(fields[10]).toBe('"RE-1"');
      expect(fields[19]).toBe(''); // Beleglink: DATEV's document management only
      expect(bookingProblems(fields)).toEqual([]);
    }
  });

  test('a reversal is the same bookings with Soll and Haben swapped', () => {
    const booked = bookingsOf(doc, DEFAULT_REVENUE_ACCOUNTS.SKR03);
    const reversed = bookingsOf({ ...doc, side: flipped(doc.side) }, DEFAULT_REVENUE_ACCOUNTS.SKR03);
    expect(reversed.map((b) => [b.amount, b.side, b.counterAccount])).toEqual(
      booked.map((b) => [b.amount, b.side === 'S' ? 'H' : 'S', b.counterAccount]),
    );
  });

  test('what a final invoice was paid in advance: booked back per case; a negative one likewise; mixed signs not', () => {
    const final = { ...doc, prepaid: '595.20' };
    const rows = (d: typeof final): string[][] =>
      bookingsOf(d, DEFAULT_REVENUE_ACCOUNTS.SKR03).map((b) => [b.amount, b.side, b.counterAccount, b.text]);
    // 595.20 over 190.40 (19 %) and 1,000.00 (K): 95.20 and 500.00.
    expect(rows(final)).toEqual([
      ['190.40', 'S', '8400', 'Wiener Handel GmbH'],
      ['1000.00', 'S', '8125', 'Wiener Handel GmbH'],
      ['95.20', 'H', '8400', 'Anzahlungen Wiener Handel GmbH'],
      ['500.00', 'H', '8125', 'Anzahlungen Wiener Handel GmbH'],
    ]);
    // Every amount negated (a correction that negates the final invoice): the same bookings swapped.
    const negated = {
      ...final,
      total: '-1190.40',
      prepaid: '-595.20',
      taxGroups: doc.taxGroups.map((g) => ({
        ...g,
        taxable_amount: `-${g.taxable_amount}`,
        tax_amount: g.tax_amount === '0.00' ? g.tax_amount : `-${g.tax_amount}`,
      })),
    };
    expect(rows(negated)).toEqual(
      rows(final).map(([amount, side, account, text]) => [
        amount ?? '',
        side === 'S' ? 'H' : 'S',
        account ?? '',
        text ?? '',
      ]),
    );
    // A positive prepaid amount beside a negative case: how it splits is not said; nothing is booked back.
    const mixed = {
      ...final,
      taxGroups: [doc.taxGroups[0], { ...doc.taxGroups[1], taxable_amount: '-160.00', tax_amount: '-30.40' }],
    } as typeof final;
    expect(rows(mixed).filter((r) => String(r[3]).startsWith('Anzahlungen'))).toEqual([]);
    // A received file whose stated total is a cent below its groups': the leftover (other, -0.01) is no
    // reason to book nothing back.
    const received = {
      ...final,
      total: '1190.39',
      prepaid: '1000.00',
      taxGroups: [{ category: 'S', rate: '19', taxable_amount: '1000.00', tax_amount: '190.40' }],
    };
    expect(rows(received)).toEqual([
      ['1190.40', 'S', '8400', 'Wiener Handel GmbH'],
      ['0.01', 'H', '8200', 'Wiener Handel GmbH'],
      ['1000.00', 'H', '8400', 'Anzahlungen Wiener Handel GmbH'],
    ]);
  });

  test("the cancellation's day is Germany's, never before the issue date", () => {
    expect(cancellationDateOf({ voidedAt: '2026-09-30T22:30:00.000Z', issueDate: '2026-09-10' })).toBe(
      '2026-10-01',
    );
    expect(cancellationDateOf({ voidedAt: '2026-12-03T09:00:00.000Z', issueDate: '2026-09-12' })).toBe(
      '2026-12-03',
    );
    expect(cancellationDateOf({ voidedAt: '2026-09-01T10:00:00.000Z', issueDate: '2026-09-05' })).toBe(
      '2026-09-05',
    );
    expect(cancellationDateOf({ voidedAt: null, issueDate: '2026-09-05' })).toBeNull();
  });

  test('archive names as the archive writes them', () => {
    expect(archiveStem('RE/2026:1')).toBe('RE-2026-1');
    expect(archiveStem('  ')).toBe('document');
  });
});

describe('master data (Debitoren/Kreditoren)', () => {
  test('the header of category 16, format version 5, without the batch-only fields', () => {
    const fields = datevFields(
      headerLine({
        format: 'Debitoren/Kreditoren',
        createdAt: new Date('2026-09-30T12:00:00.000Z'),
        consultantNumber: 29098,
        clientNumber: 55003,
        fiscalYearStart: '2026-01-01',
        accountLength: 4,
        description: 'Debitoren/Kreditoren',
        chart: 'SKR03',
      }).trimEnd(),
    );
    expect(fields).toHaveLength(31);
    expect(fields.slice(0, 6)).toEqual([
      '"EXTF"',
      '700',
      '16',
      '"Debitoren/Kreditoren"',
      '5',
      '20260930120000000',
    ]);
    expect(fields.slice(10, 16)).toEqual(['29098', '55003', '20260101', '4', '', '']);
    expect(fields.slice(18, 22)).toEqual(['', '', '', '""']);
  });

  test("254 columns in DATEV's order; one line per account", () => {
    expect(MASTER_DATA_COLUMNS).toHaveLength(254);
    expect(MASTER_DATA_COLUMNS.slice(0, 10)).toEqual([
      'Konto',
      'Name (Adressattyp Unternehmen)',
      'Unternehmensgegenstand',
      'Name (Adressattyp natürl. Person)',
      'Vorname (Adressattyp natürl. Person)',
      'Name (Adressattyp keine Angabe)',
      'Adressattyp',
      'Kurzbezeichnung',
      'EU-Land',
      'EU-UStID',
    ]);
    expect(MASTER_DATA_COLUMNS.slice(15, 20)).toEqual(['Straße', 'Postfach', 'Postleitzahl', 'Ort', 'Land']);
    expect(MASTER_DATA_COLUMNS.at(-1)).toBe('Letzte Frist');
    const fields = datevFields(
      masterDataLine({
        account: 10002,
        name: 'Łódź Trading Sp. z o.o.',
        vatId: { country: 'PL', number: '5260001246' },
        street: 'ul. Piotrkowska 1',
        addressLine2: null,
        postalCode: '90-001',
        city: 'Łódź',
        country: 'PL',
        email: 'biuro@lodz.example',
        phone: null,
        contactName: 'Pani Anna Kowalska, księgowość (accounts payable department)',
        taxNumber: '37/123/45678',
      }).trimEnd(),
    );
    expect(masterDataProblems(fields, 4)).toEqual([]);
    expect(fields.slice(0, 10)).toEqual([
      '10002',
      '"Łódź Trading Sp. z o.o."',
      '',
      '',
      '',
      '',
      '"2"',
      '"Łódź Trading Sp"',
      '"PL"',
      '"5260001246"',
    ]);
    expect(fields.slice(14, 20)).toEqual(['"STR"', '"ul. Piotrkowska 1"', '', '"90-001"', '"Łódź"', '"PL"']);
    // DATEV's lengths: the contact person cut at 40 characters, the Steuernummer as stated.
    expect(fields[MASTER_DATA_COLUMNS.indexOf('Ansprechpartner')]).toBe(
      '"Pani Anna Kowalska, księgowość (accounts"',
    );
    expect(fields[MASTER_DATA_COLUMNS.indexOf('Steuernummer')]).toBe('"37/123/45678"');
  });
});
