// A Schlussrechnung deducting its Abschlagsrechnungen by id (`deducted_invoices`): the service fills
// prepaid_amount with the sum of their totals, names them as preceding invoices (BG-3) and keeps each one's
// net, VAT and gross as IT stated them (three Abschläge of 1,000.03 net at 19 % stated 570.03 VAT, not the
// 570.02 the sum gives). Refused at the field (422): a draft, a void invoice, another customer's or
// currency's, the document itself, one another live invoice deducts (named), a prepaid_amount that differs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let profileId = '';
let bauherrId = '';
let otherCustomerId = '';
let sequence = 0;
const abschlaege: { id: string; number: string }[] = [];

const VAT = [{ name: 'USt', rate: '19', category: 'S' }];
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: firm.apiKey, body });

async function draft(over: Record<string, unknown> = {}) {
  sequence += 1;
  return await call('POST', '/api/v1/documents', {
    number: `MB-${sequence}`,
    issue_date: '2026-06-30',
    currency: 'EUR',
    tax_scheme: 'VAT',
    business_profile_id: profileId,
    customer_id: bauherrId,
    line_items: [{ name: 'Rohbau gemäß Auftrag', quantity: '1', unit_price: '5000.00', taxes: VAT }],
    ...over,
  });
}

async function abschlag(over: Record<string, unknown> = {}, finalize = true) {
  const created = await draft({
    type_code: '875',
    line_items: [{ name: 'Abschlag Rohbau', quantity: '1', unit_price: '1000.03', taxes: VAT }],
    ...over,
  });
  expect(created.status).toBe(200);
  if (finalize)
    expect((await call('POST', `/api/v1/documents/${created.body.data.id}/finalize`)).status).toBe(200);
  return created.body.data as { id: string; number: string; issue_date: string };
}

const fieldsOf = (res: { body: { error?: { details?: { fields?: { loc: string; msg: string }[] } } } }) =>
  res.body.error?.details?.fields ?? [];

beforeAll(async () => {
  server = await startServer({ startJobs: false, renderWorkers: 0 });
  firm = await makeAccount(server);
  profileId = (
    await makeBusinessProfile(server, firm, {
      legal_name: 'Müller Bau GmbH',
      tax_id: 'DE811234567',
      address: { line1: 'Aachener Straße 100', city: 'Köln', postal_code: '50674', country: 'DE' },
    })
  ).id;
  bauherrId = (
    await makeCustomer(server, firm, {
      name: 'Familie Schmitz',
      billing_address: { line1: 'Lindenweg 5', city: 'Köln', postal_code: '50935', country: 'DE' },
    })
  ).id;
  otherCustomerId = (await makeCustomer(server, firm)).id;
  for (const date of ['2026-03-15', '2026-04-15', '2026-05-15'])
    abschlaege.push(await abschlag({ issue_date: date }));
});
afterAll(() => server.stop());

describe('a Schlussrechnung deducting three Abschläge', () => {
  let finalId = '';

  test('prepaid_amount, preceding invoices and each deduction come from the Abschläge as stated', async () => {
    const res = await draft({ type_code: '877', deducted_invoices: abschlaege.map((a) => a.id) });
    expect(fieldsOf(res)).toEqual([]);
    expect(res.status).toBe(200);
    finalId = res.body.data.id;
    const data = res.body.data.data;
    expect(data.prepaid_amount).toBe('3570.12');
    expect(data.preceding_invoices).toEqual([
      { number: abschlaege[0]?.number, issue_date: '2026-03-15' },
      { number: abschlaege[1]?.number, issue_date: '2026-04-15' },
      { number: abschlaege[2]?.number, issue_date: '2026-05-15' },
    ]);
    expect(data.deductions).toHaveLength(3);
    expect(data.deductions[0]).toEqual({
      document_id: abschlaege[0]?.id,
      number: abschlaege[0]?.number,
      issue_date: '2026-03-15',
      net_amount: '1000.03',
      tax_amount: '190.01',
      total: '1190.04',
      tax_rate: '19',
    });
    expect(res.body.data.totals.prepaid_amount.amount).toBe('3570.12');
    expect(res.body.data.totals.amount_due.amount).toBe('2379.88');
  });

  test('the stored data posts back to the stateless validation as it is', async () => {
    const read = await call('GET', `/api/v1/documents/${finalId}`);
    const res = await call('POST', '/api/v1/documents/validate', {
      document_type: 'invoice',
      data: read.body.data.data,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(true);
  });

  test('an echo of what the service filled is taken; another prepaid_amount is refused', async () => {
    const read = (await call('GET', `/api/v1/documents/${finalId}`)).body.data.data;
    const echo = await call('PATCH', `/api/v1/documents/${finalId}`, {
      prepaid_amount: read.prepaid_amount,
      preceding_invoices: read.preceding_invoices,
      deductions: read.deductions,
      notes: 'Schlussrechnung Rohbau',
    });
    expect(fieldsOf(echo)).toEqual([]);
    expect(echo.body.data.data.prepaid_amount).toBe('3570.12');
    const other = await call('PATCH', `/api/v1/documents/${finalId}`, { prepaid_amount: '3570.11' });
    expect(other.status).toBe(422);
    expect(fieldsOf(other).map((f) => f.loc)).toEqual(['body.prepaid_amount']);
  });

  test('an Abschlag another live invoice deducts is refused, naming that invoice', async () => {
    const res = await draft({ type_code: '877', deducted_invoices: [abschlaege[1]?.id] });
    expect(res.status).toBe(422);
    const [field] = fieldsOf(res);
    expect(field?.loc).toBe('body.deducted_invoices.0');
    expect(field?.msg).toContain('already deducted by MB-');
  });

  test('a draft, a void, another customer’s, another currency’s invoice and itself are refused', async () => {
    const unfinished = await abschlag({}, false);
    const voided = await abschlag();
    expect((await call('POST', `/api/v1/documents/${voided.id}/void`)).status).toBe(200);
    const foreign = await abschlag({ customer_id: otherCustomerId });
    const dollars = await abschlag({ currency: 'USD' });
    const res = await draft({
      type_code: '877',
      deducted_invoices: [unfinished.id, voided.id, foreign.id, dollars.id, 'doc_nonexistent'],
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res).map((f) => f.loc)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `body.deducted_invoices.${i}`),
    );
    const self = await call('PATCH', `/api/v1/documents/${finalId}`, {
      deducted_invoices: [abschlaege[0]?.id, finalId],
    });
    expect(self.status).toBe(422);
    expect(fieldsOf(self).map((f) => f.loc)).toEqual(['body.deducted_invoices.1']);
  });

  test('deductions stated on a stored invoice without deducted_invoices are refused', async () => {
    const read = (await call('GET', `/api/v1/documents/${finalId}`)).body.data.data;
    const res = await draft({ prepaid_amount: read.prepaid_amount, deductions: read.deductions });
    expect(res.status).toBe(422);
    expect(fieldsOf(res).map((f) => f.loc)).toContain('body.deductions');
  });

  test('finalized, its XML names all three and deducts their sum; the official rules pass', async () => {
    expect((await call('POST', `/api/v1/documents/${finalId}/finalize`)).status).toBe(200);
    const res = await server.request(`/api/v1/documents/${finalId}/xml?profile=factur_x_en16931`, {
      key: firm.apiKey,
    });
    const xml = await res.text();
    expect(xml.slice(0, 600)).toStartWith('<?xml');
    expect([...xml.matchAll(/<ram:InvoiceReferencedDocument>/g)]).toHaveLength(3);
    expect(xml).toContain('<ram:TotalPrepaidAmount>3570.12</ram:TotalPrepaidAmount>');
    expect(xml).toContain('<ram:DuePayableAmount>2379.88</ram:DuePayableAmount>');
    const read = (await call('GET', `/api/v1/documents/${finalId}`)).body.data;
    const check = await call('POST', '/api/v1/documents/validate-compliance', {
      profile: 'factur_x_en16931',
      document_type: 'invoice',
      data: read.data,
    });
    expect(check.body.data.valid).toBe(true);
  });

  test('an Abschlag the issued Schlussrechnung deducts is not voided under it (409 naming it)', async () => {
    const res = await call('POST', `/api/v1/documents/${abschlaege[0]?.id}/void`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('while the invoice MB-');
    expect(res.body.error.details.deducted_by).toBe(finalId);
    // Once the Schlussrechnung is cancelled, it may be.
    expect((await call('POST', `/api/v1/documents/${finalId}/void`)).status).toBe(200);
    expect((await call('POST', `/api/v1/documents/${abschlaege[0]?.id}/void`)).status).toBe(200);
  });

  test('a copy deducts none: the Abschläge stay the original’s', async () => {
    const copy = await call('POST', `/api/v1/documents/${finalId}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body.data.data.deductions).toBeUndefined();
    expect(copy.body.data.data.prepaid_amount).toBeUndefined();
    expect(copy.body.data.totals.amount_due).toBeUndefined();
  });
});

describe('a draft deducting an Abschlag voided afterwards', () => {
  test('PATCH deducted_invoices null clears what they filled', async () => {
    const a = await abschlag();
    const res = await draft({ type_code: '877', deducted_invoices: [a.id] });
    expect(res.status).toBe(200);
    const cleared = await call('PATCH', `/api/v1/documents/${res.body.data.id}`, { deducted_invoices: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.data.prepaid_amount).toBeUndefined();
    expect(cleared.body.data.data.preceding_invoices).toBeUndefined();
    expect(cleared.body.data.data.deductions).toBeUndefined();
  });

  test('is not finalized (409) while it deducts a void invoice', async () => {
    const a = await abschlag();
    const res = await draft({ type_code: '877', deducted_invoices: [a.id] });
    expect(res.status).toBe(200);
    expect((await call('POST', `/api/v1/documents/${a.id}/void`)).status).toBe(200);
    const finalized = await call('POST', `/api/v1/documents/${res.body.data.id}/finalize`);
    expect(finalized.status).toBe(409);
    expect(finalized.body.error.message).toContain('is void');
  });
});

describe('what a read of the change found', () => {
  test('a PATCH starting to deduct replaces the prepaid_amount and preceding invoice the draft held', async () => {
    const a = await abschlag();
    const typed = await draft({
      type_code: '877',
      prepaid_amount: '500.00',
      preceding_invoice: { number: 'AR-alt' },
    });
    expect(typed.status).toBe(200);
    const res = await call('PATCH', `/api/v1/documents/${typed.body.data.id}`, { deducted_invoices: [a.id] });
    expect([res.status, fieldsOf(res)]).toEqual([200, []]);
    expect(res.body.data.data.prepaid_amount).toBe('1190.04');
    expect(res.body.data.data.preceding_invoices).toEqual([{ number: a.number, issue_date: a.issue_date }]);
  });

  test('an Abschlag corrected by a credit note is not deducted at its old total (422 naming the correction)', async () => {
    const a = await abschlag();
    const credit = await call('POST', '/api/v1/documents', {
      document_type: 'credit_note',
      number: `MB-GS-${a.number}`,
      issue_date: '2026-06-01',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: bauherrId,
      source_document_id: a.id,
      line_items: [{ name: 'Korrektur Abschlag', quantity: '1', unit_price: '400.00', taxes: VAT }],
    });
    expect(credit.status).toBe(200);
    expect((await call('POST', `/api/v1/documents/${credit.body.data.id}/finalize`)).status).toBe(200);
    const res = await draft({ type_code: '877', deducted_invoices: [a.id] });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)[0]).toMatchObject({ loc: 'body.deducted_invoices.0' });
    expect(fieldsOf(res)[0]?.msg).toContain('corrected by a credit note');
  });

  test('an Abschlag an issued Schlussrechnung deducts is not corrected by a credit note under it (409)', async () => {
    const a = await abschlag();
    const final = await draft({ type_code: '877', deducted_invoices: [a.id] });
    expect((await call('POST', `/api/v1/documents/${final.body.data.id}/finalize`)).status).toBe(200);
    const credit = await call('POST', '/api/v1/documents', {
      document_type: 'credit_note',
      number: `MB-ST-${a.number}`,
      issue_date: '2026-07-01',
      currency: 'EUR',
      business_profile_id: profileId,
      customer_id: bauherrId,
      source_document_id: a.id,
      line_items: [{ name: 'Storno Abschlag', quantity: '1', unit_price: '1000.03', taxes: VAT }],
    });
    expect(credit.status).toBe(200);
    const finalized = await call('POST', `/api/v1/documents/${credit.body.data.id}/finalize`);
    expect(finalized.status).toBe(409);
    expect(finalized.body.error.details).toMatchObject({ deducted_by: final.body.data.id });
  });

  test('an archived Abschlag (only filed) is deducted like an issued one', async () => {
    const a = await abschlag();
    expect((await call('POST', `/api/v1/documents/${a.id}/archive`)).status).toBe(200);
    const res = await draft({ type_code: '877', deducted_invoices: [a.id] });
    expect([res.status, fieldsOf(res)]).toEqual([200, []]);
  });
});
