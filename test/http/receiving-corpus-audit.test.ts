// SQLITE-ONLY TEST: parsing keeps nothing in the database; the PostgreSQL lane would read the same corpus files again for nothing.
// An audit of the public receiving corpus (../shared/receiving-corpus) beside test/http/receiving-corpus.test.ts:
// files where the answer was read, named and totalled, but read wrong. Factur-X / ZUGFeRD EXTENDED
// sub-invoice lines (ParentLineID, LineStatusReasonCode GROUP / DETAIL / INFORMATION) were all read as
// lines, a group beside its sub-lines, so the data counted every amount twice and kept the stated totals
// beside lines that did not give them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentTotals } from '../../src/modules/documents/checks';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { sharedPath } from '../shared-material';

const CORPUS = sharedPath('receiving-corpus/samples');
const present = existsSync(CORPUS);

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  if (!present) return;
  server = await startServer({ rulesetsDir: null, startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server?.stop());

async function parse(file: string, path = 'parse'): Promise<{ status: number; body: any }> {
  const bytes = readFileSync(join(CORPUS, file));
  const pdf = bytes.subarray(0, 5).toString() === '%PDF-';
  const res = await fetch(`${server.url}/api/v1/einvoices/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      'content-type': pdf ? 'application/pdf' : 'application/xml',
    },
    body: new Uint8Array(bytes),
  });
  const json = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: json ? await res.json() : null };
}

const SUB = 'mustang/library/subinvoicelines';

/** BT-126 of each line read (the data leaves out an id that is the line's position). */
const lineIds = (d: any): string[] =>
  d.data.line_items.map((l: { line_id?: string }, i: number) => l.line_id ?? String(i + 1));

describe.skipIf(!present)('sub-invoice lines of Factur-X / ZUGFeRD EXTENDED', () => {
  // [file, the lines kept (their BT-126), BT-106, BT-110, BT-112]
  const cases: [string, string[], string, string, string][] = [
    [
      `${SUB}/Extended_SubInvoiceLines_Hardware_Bsp2.xml`,
      ['0101', '0102', '0201', '0202'],
      '1500.00',
      '285.00',
      '1785.00',
    ],
    [
      `${SUB}/Extended___SubInvoiceLines_Buero_Material_Bsp3__.xml`,
      ['0101', '0102', '0103', '0201', '0202', '0203'],
      '1405.00',
      '266.95',
      '1671.95',
    ],
    // groups within a group; the groups state 0 % VAT, their sub-lines 7 % and 19 %
    [
      `${SUB}/Extended___SubInvoiceLines_Kaffee_Bundle_Set_Bsp4__.xml`,
      ['1.1', '1.2', '1.3.1', '1.3.2'],
      '216.00',
      '19.44',
      '235.44',
    ],
    [
      `${SUB}/ZUGFeRD_Extended__Abschlagsrechnung_SubInvoiceLine_u_LV_Nr_.xml`,
      ['01.01.01', '01.01.02', '01.01.03', '01.02'],
      '3600.00',
      '684.00',
      '4284.00',
    ],
    [
      'mustang/validator/X03_01_Abschlagsrechnung_SubInvoiceLine_u_LV_Nr.xml',
      ['01.01.01', '01.01.02', '01.01.03', '01.02'],
      '3600.00',
      '684.00',
      '4284.00',
    ],
    // its group 01 states 999.00 for sub-lines of 1050.00; the header counts the sub-lines
    [
      `${SUB}/invalidSubInvoiceLineHierarchy.xml`,
      ['0101', '0102', '0201', '0202'],
      '1500.00',
      '285.00',
      '1785.00',
    ],
  ];

  test.each(cases)(
    '%s: the sub-lines are the lines, each group named, the totals computed',
    async (file, ids, subtotal, tax, total) => {
      const { status, body } = await parse(file);
      expect(status).toBe(200);
      const d = body.data;
      expect(d.format).toBe('en16931');
      expect(lineIds(d)).toEqual(ids);
      // The data gives the stated totals itself: none kept as stated.
      expect(d.data.stated_totals).toBeUndefined();
      const computed = documentTotals(d.data.currency, d.data);
      expect(computed.ok).toBe(true);
      if (!computed.ok) return;
      expect([computed.totals.subtotal, computed.totals.tax_total, computed.totals.total]).toEqual([
        subtotal,
        tax,
        total,
      ]);
      expect([d.totals.subtotal, d.totals.tax_total, d.totals.total]).toEqual([subtotal, tax, total]);
      const note = d.warnings.find((w: { code: string }) => w.code === 'group_lines');
      expect(note.term).toBe('BG-25');
      expect(Number(note.params.count)).toBeGreaterThan(0);
      expect((await parse(file, 'visualize')).status).toBe(200);
    },
  );

  test('a line whose sub-lines are information only, and French groups without a quantity, stay as read', async () => {
    const fallschutz = (await parse(`${SUB}/Extended_Fallschutz-Set_SubInvoiceLine_Bsp5.xml`)).body.data;
    expect(fallschutz.data.line_items).toHaveLength(5);
    expect(fallschutz.data.stated_totals).toBeUndefined();
    expect(fallschutz.warnings.some((w: { code: string }) => w.code === 'group_lines')).toBe(false);
    expect(fallschutz.totals.total).toBe('53550.00');
    const french = (
      await parse('mustang/library/cii/UC11_F202600022_EXTENDED_FX_CII_BT-X-589Only_on_GROUP_Line.xml')
    ).body.data;
    expect(lineIds(french)).toEqual(['2', '3', '4', '6', '7']);
    expect(french.data.stated_totals).toBeUndefined();
    expect(french.totals.total).toBe('230.10');
  });

  test('a group whose sub-lines are all INFORMATION keeps its amount as a line; the information lines are not counted', async () => {
    // Hardware_Bsp2 with group 02's sub-lines made information lines: group 01 alone gives way.
    const xml = readFileSync(
      join(CORPUS, `${SUB}/Extended_SubInvoiceLines_Hardware_Bsp2.xml`),
      'utf8',
    ).replace(
      /(<ram:ParentLineID>02<\/ram:ParentLineID>\s*<ram:LineStatusReasonCode>)DETAIL/g,
      '$1INFORMATION',
    );
    expect(xml.match(/INFORMATION/g)?.length).toBe(2);
    const res = await fetch(`${server.url}/api/v1/einvoices/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/xml' },
      body: xml,
    });
    const d = ((await res.json()) as any).data;
    expect(lineIds(d)).toEqual(['0101', '0102', '02']);
    const note = d.warnings.find((w: { code: string }) => w.code === 'group_lines');
    expect(note.params).toEqual({ count: '1', lines: '01' });
    const information = d.warnings.find((w: { code: string }) => w.code === 'information_lines');
    expect(information.params).toEqual({ count: '2', lines: '0201, 0202' });
    // The lines give the file's own totals: nothing kept as stated.
    expect(d.data.stated_totals).toBeUndefined();
  });

  test('an invoice without sub-lines keeps every line, and no note about groups', async () => {
    const d = (await parse('zugferd-corpus/XML-Rechnung/CII/EN16931_Einfach.cii.xml')).body.data;
    expect(d.data.line_items.length).toBeGreaterThan(1);
    expect(d.warnings.some((w: { code: string }) => w.code === 'group_lines')).toBe(false);
  });
});

describe.skipIf(!present)('a ZUGFeRD 1.0 correction that negates every amount', () => {
  // Its allowances are stated unsigned (0.10, 0.06, 0.05, 0.02) under an AllowanceTotalAmount of -0.23 and
  // a net of -7.67: they were read as positive allowances, so the data came to -9.25, not -8.79.
  test.each([
    'zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Rechnungskorrektur.pdf',
    'zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_EXTENDED_Rechnungskorrektur.pdf',
  ])('%s: its allowances are negated with it, and the data gives its totals', async (file) => {
    const { status, body } = await parse(file);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.format).toBe('zugferd_1');
    expect(d.data.discounts.map((x: { value: string }) => x.value)).toEqual([
      '-0.10',
      '-0.06',
      '-0.05',
      '-0.02',
    ]);
    const computed = documentTotals(d.data.currency, d.data);
    expect(computed.ok).toBe(true);
    if (!computed.ok) return;
    expect([computed.totals.subtotal, computed.totals.tax_total, computed.totals.total]).toEqual([
      '-7.90',
      '-1.12',
      '-8.79',
    ]);
    // Only its amount due of 0.00 (it states nothing left to pay) is kept as stated.
    expect(d.data.stated_totals).toEqual({ amount_due: '0.00' });
    expect([d.totals.total, d.totals.amount_due]).toEqual(['-8.79', '0.00']);
    // and drawn as read
    expect((await parse(file, 'visualize')).status).toBe(200);
  });

  test('a 1.0 invoice whose allowances are signed under a positive total still reads them unsigned', async () => {
    const d = (await parse('zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_Rabatte.pdf')).body
      .data;
    expect(d.data.discounts.every((x: { value: string }) => !x.value.startsWith('-'))).toBe(true);
    expect(d.data.stated_totals).toBeUndefined();
  });
});
