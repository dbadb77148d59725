// What the console's invoice editor sends (src/console/pages/documents/draft-form.ts and form-content.ts,
// pure functions) is checked here against the real service: the content of a standard-rate invoice and of
// a small business's VAT-exempt one (§ 19 UStG) make valid XRechnung under the official rules.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { emptyDraft, newLine, nextNumber } from '../../src/console/pages/documents/draft-form';
import { contentOf, decimalOf, totallableOf } from '../../src/console/pages/documents/form-content';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const seller = {
  name: 'Nordlicht Studio',
  email: 'billing@nordlicht.example',
  phone: '+49 40 1234567',
  tax_id: 'DE123456789',
  address: { line1: 'Hafenstraße 12', postal_code: '20457', city: 'Hamburg', country: 'DE' },
  electronic_address: { scheme: '9930', value: 'DE123456789' },
};
const buyer = {
  name: 'Bäckerei Sonnenschein',
  address: { line1: 'Marktplatz 3', postal_code: '80331', city: 'München', country: 'DE' },
  electronic_address: { scheme: 'EM', value: 'office@sonnenschein.example' },
};

function form(rate: string, zero: { category: string; reason: string } = { category: '', reason: '' }) {
  const draft = emptyDraft('invoice');
  return {
    ...draft,
    number: 'RE-1',
    issue_date: '2026-11-25',
    buyer_reference: 'PO-4711',
    account_number: 'DE02200505501015871393',
    swift: 'HASPDEHHXXX',
    zero_category: zero.category,
    zero_reason: zero.reason,
    lines: [{ ...newLine(), name: 'Website design', quantity: '24', unit_price: '95,00', tax_rate: rate }],
  };
}

async function verdict(content: Record<string, unknown>) {
  const data = {
    invoice_number: 'RE-1',
    issue_date: '2026-11-25',
    currency: 'EUR',
    seller,
    buyer,
    ...content,
  };
  const answer = await server.json('/api/v1/documents/validate-compliance', {
    method: 'POST',
    key: account.apiKey,
    body: { profile: 'xrechnung_ubl', document_type: 'invoice', data },
  });
  expect(answer.status).toBe(200);
  return answer.body.data as { valid: boolean; fully_checked: boolean; violations: { rule: string }[] };
}

describe("the console's invoice content", () => {
  test('typed numbers, the next number, and lines that can be totalled', () => {
    expect(decimalOf('1,5')).toBe('1.5');
    expect(decimalOf(' 12.50 ')).toBe('12.50');
    expect(nextNumber('RE-2026-0099', 'INV-')).toBe('RE-2026-0100');
    expect(nextNumber(undefined, 'CN-')).toMatch(/^CN-\d{4}-0001$/);
    const half = { ...form('19'), lines: [{ ...newLine(), name: '', quantity: '2', unit_price: '' }] };
    expect(totallableOf(half)).toBeNull();
  });

  test('a standard-rate line is category S under the VAT scheme, and valid XRechnung', async () => {
    const content = contentOf(form('19'));
    expect(content.tax_scheme).toBe('VAT');
    expect(content.line_items?.[0]?.taxes).toEqual([{ name: 'VAT', rate: '19', category: 'S' }]);
    expect(content.line_items?.[0]?.unit_price).toBe('95.00');
    expect(content.delivery_date).toBe(new Date().toISOString().slice(0, 10)); // the day it was typed
    const result = await verdict(content);
    expect(result.violations).toEqual([]);
    expect(result.valid && result.fully_checked).toBe(true);
  }, 60_000); // the official rules' first run loads their compiled XSLT: seconds on a busy machine

  test('a small business at 0 % (exempt, § 19 UStG) is valid XRechnung; without a category it is not', async () => {
    const exempt = contentOf(form('0', { category: 'E', reason: 'Kleinunternehmer gemäß § 19 UStG' }));
    expect(exempt.line_items?.[0]?.taxes).toEqual([
      { name: 'VAT', rate: '0', category: 'E', exemption_reason: 'Kleinunternehmer gemäß § 19 UStG' },
    ]);
    const ok = await verdict(exempt);
    expect(ok.violations).toEqual([]);
    const unclassified = await verdict(contentOf(form('0')));
    expect(unclassified.valid).toBe(false);
  }, 60_000);
});
