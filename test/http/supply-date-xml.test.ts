// A German seller's invoice that states no date of supply prints its issue date as "Leistungsdatum" on its
// PDF (§ 14 Abs. 4 Nr. 6 UStG); its e-invoice, since 2025 the legal invoice between businesses, said none
// (no BT-72, XRechnung's BR-DE-TMP-32), so the XML and the PDF disagreed. Both now state the same date, and
// neither does where the convention does not hold: a period, line periods, a correction of an invoice, an
// Abschlagsrechnung, a seller outside Germany, a date of its own.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let german: { profileId: string; customerId: string };
let french: { profileId: string; customerId: string };
let austrian: { profileId: string; customerId: string };
const VAT = [{ name: 'USt', rate: '19', category: 'S' }];

const seller = (country: string, city: string, postal_code: string) => ({
  email: 'rechnung@seller.example',
  tax_id: country === 'DE' ? 'DE123456789' : 'FR40303265045',
  address: { line1: 'Hauptstraße 1', city, postal_code, country },
  electronic_address: { scheme: 'EM', value: 'rechnung@seller.example' },
  bank_account: { iban: 'DE89370400440532013000' },
});

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  firm = await makeAccount(server);
  const customer = await makeCustomer(server, firm, {
    name: 'Kunde GmbH',
    email: 'ap@kunde.example',
    billing_address: { line1: 'Markt 1', city: 'Leipzig', postal_code: '04109', country: 'DE' },
    electronic_address: { scheme: 'EM', value: 'ap@kunde.example' },
  });
  const de = await makeBusinessProfile(server, firm, seller('DE', 'Berlin', '10115'));
  const fr = await makeBusinessProfile(server, firm, seller('FR', 'Paris', '75001'));
  const at = await makeBusinessProfile(server, firm, seller('AT', 'Wien', '1010'));
  german = { profileId: de.id, customerId: customer.id };
  austrian = { profileId: at.id, customerId: customer.id };
  french = { profileId: fr.id, customerId: customer.id };
}, 60_000);
afterAll(async () => await server.stop());

async function issued(parties: typeof german, over: Record<string, unknown>) {
  return await makeDocument(
    server,
    firm,
    parties,
    {
      issue_date: '2026-11-20',
      tax_scheme: 'VAT',
      buyer_reference: 'PO-1',
      line_items: [{ name: 'Beratung', quantity: '1', unit_price: '100.00', taxes: VAT }],
      ...over,
    },
    ['finalize'],
  );
}

async function xmlOf(id: string, profile: string) {
  const res = await server.request(`/api/v1/documents/${id}/xml?profile=${profile}`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  return await res.text();
}

/** BT-72 as the UBL and the CII state it (null without). */
async function supplyDates(id: string) {
  const ubl = /<cbc:ActualDeliveryDate>([^<]*)</.exec(await xmlOf(id, 'xrechnung_ubl'))?.[1] ?? null;
  const cii =
    /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">(\d+)</.exec(
      await xmlOf(id, 'xrechnung_cii'),
    )?.[1] ?? null;
  return { ubl, cii };
}

describe('the date of supply a German invoice states by its issue date', () => {
  test('none stated: the XML states the issue date, as the PDF prints it', async () => {
    const doc = await issued(german, {});
    expect(await supplyDates(doc.id)).toEqual({ ubl: '2026-11-20', cii: '20261120' });
  });

  test('its own date is kept; a period or line periods state no single date', async () => {
    const own = await issued(german, { delivery_date: '2026-11-18' });
    expect(await supplyDates(own.id)).toEqual({ ubl: '2026-11-18', cii: '20261118' });
    const period = await issued(german, {
      invoice_period: { start_date: '2026-11-01', end_date: '2026-11-30' },
    });
    expect(await supplyDates(period.id)).toEqual({ ubl: null, cii: null });
    const lines = await issued(german, {
      line_items: [
        {
          name: 'Wartung',
          quantity: '1',
          unit_price: '100.00',
          taxes: VAT,
          period: { start_date: '2026-11-01', end_date: '2026-11-30' },
        },
      ],
    });
    expect(await supplyDates(lines.id)).toEqual({ ubl: null, cii: null });
  });

  test('a correction, an Abschlagsrechnung and a seller outside Germany state none', async () => {
    const invoice = await issued(german, { delivery_date: '2026-11-18' });
    const correction = await makeDocument(
      server,
      firm,
      german,
      {
        document_type: 'credit_note',
        issue_date: '2026-11-25',
        tax_scheme: 'VAT',
        buyer_reference: 'PO-1',
        source_document_id: invoice.id,
        line_items: [{ name: 'Gutschrift', quantity: '1', unit_price: '10.00', taxes: VAT }],
      },
      ['finalize'],
    );
    expect(await supplyDates(correction.id)).toEqual({ ubl: null, cii: null });
    const onAccount = await issued(german, { type_code: '875' });
    expect(await supplyDates(onAccount.id)).toEqual({ ubl: null, cii: null });
    const abroad = await issued(french, {});
    expect(await supplyDates(abroad.id)).toEqual({ ubl: null, cii: null });
  });

  test('an Austrian seller states it too (§ 11 Abs. 1 Z 4 UStG: the day of supply on every invoice)', async () => {
    const doc = await issued(austrian, {});
    expect(await supplyDates(doc.id)).toEqual({ ubl: '2026-11-20', cii: '20261120' });
  });
});
