// The audit export over more documents than one page (100): every table reads its rows a page at a time
// with a turn of the event loop between pages, so /health answers while the carrier is made, and no row is
// lost or written twice at a page's edge. PDFs come from a stand-in renderer: this is about the pages.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { parse } from 'csv-parse/sync';
import { dec, sum, toPlainString } from '../../src/domain/money';
import type { RenderPdf } from '../../src/rendering/types';
import { bulkInvoices } from '../bulk-documents';
import { makeParties } from '../document-factories';
import { probeWhile } from '../event-loop';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { readZip } from '../zip';

const COPIES = 349; // and the invoice made through the API: 350 in January, four pages
const PDF = new TextEncoder().encode('%PDF-1.4\n%stand-in\n%%EOF\n');
let drawn = 0;
const renderPdf: RenderPdf = async () => {
  drawn++;
  return PDF;
};

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ startJobs: false, renderPdf });
  account = await makeAccount(server);
  const parties = await makeParties(server, account);
  await bulkInvoices(server, account, parties, {
    copies: COPIES,
    months: 1,
    dueDate: '2026-02-28',
    payEvery: 2,
    paymentAmount: '100.00',
  });
}, 120_000);
afterAll(async () => await server.stop());

/** A table's data records (its header checked and dropped) as objects by column name. */
function table(entries: { name: string; bytes: Uint8Array }[], name: string): Record<string, string>[] {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is not on the carrier`);
  const [header = [], ...rows] = parse(new TextDecoder().decode(entry.bytes), {
    delimiter: ';',
    record_delimiter: '\r\n',
  }) as string[][];
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}

describe('audit.zip over four pages of documents', () => {
  test('/health answers while it is made; every document, line and payment once', async () => {
    const { value, probe } = await probeWhile(server, async () => {
      const res = await server.request('/api/v1/exports/audit.zip?from=2026-01-01&to=2026-01-31', {
        key: account.apiKey,
      });
      return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
    });
    expect(value.status).toBe(200);
    if (process.env.TEST_LOOP_FIGURES) console.log({ ...probe, answeredAt: undefined });
    // Between the pages of its passes (originals, then seven tables), not only at its ends.
    expect(probe.answers).toBeGreaterThanOrEqual(5);
    expect(probe.longestLagMs).toBeLessThan(1_000);

    const entries = readZip(value.bytes);
    const documents = table(entries, 'documents.csv');
    const numbers = new Set(documents.map((d) => d.document_number));
    expect(documents).toHaveLength(COPIES + 1);
    expect(numbers.size).toBe(COPIES + 1);
    expect(drawn).toBe(COPIES + 1);
    expect(entries.filter((e) => e.name.startsWith('issued/') && e.name.endsWith('.pdf'))).toHaveLength(
      COPIES + 1,
    );
    // documentBody's invoice: two lines, one 19 % group, 237.88; every second copy paid 100.00.
    const lines = table(entries, 'document_lines.csv');
    expect(lines).toHaveLength(2 * (COPIES + 1));
    expect(new Set(lines.map((l) => `${l.document_number}/${l.line_number}`)).size).toBe(lines.length);
    expect(table(entries, 'tax_groups.csv')).toHaveLength(COPIES + 1);
    const payments = table(entries, 'payments.csv');
    expect(payments).toHaveLength(Math.ceil(COPIES / 2));
    expect(payments.every((p) => numbers.has(p.document_number))).toBe(true);
    const amounts = (cells: (string | undefined)[]) =>
      toPlainString(sum(cells.map((c) => dec((c ?? '').replace(',', '.')))));
    const each = Array.from({ length: COPIES + 1 }, () => dec('237.88'));
    expect(amounts(documents.map((d) => d.total))).toBe(toPlainString(sum(each)));
    // (bulkInvoices writes the payment rows beside the copies, not their amount_paid: the rows are counted.)
    expect(amounts(payments.map((p) => p.amount))).toBe(String(100 * Math.ceil(COPIES / 2)));
    expect(table(entries, 'customers.csv')).toHaveLength(1);
  }, 120_000);
});
