// A customer's DATEV debtor number, given on its first export (src/modules/customers/repo.ts
// assignDebtorNumber): the next after the highest in the debtor range, never after a number set by hand
// beyond it (70001 at account length 4 is a creditor account): the next one would have been a creditor too.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { assignDebtorNumber, customers } from '../../src/modules/customers';
import { makeDocument } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => await server.stop());

const DEBTORS = { first: 10000, last: 69999 };

/** A number the API no longer takes, as an older version stored it. */
async function storedDebtorNumber(id: string, number: number): Promise<void> {
  await server.db.update(customers).set({ debtorNumber: number }).where(eq(customers.id, id));
}

test('a number set beyond the debtor range does not move the next one there', async () => {
  const byHand = await makeCustomer(server, account, { name: 'Set by hand' });
  await storedDebtorNumber(byHand.id, 70001);
  await makeCustomer(server, account, { name: 'In the range', debtor_number: 10004 });
  const fresh = await makeCustomer(server, account, { name: 'Fresh' });
  expect(await assignDebtorNumber(server.db, account.id, fresh.id, DEBTORS)).toBe(10005);
});

test('the end of the range set by hand: the lowest free number below it; a full range is a 409 naming the customer', async () => {
  const other = await makeAccount(server);
  const small = { first: 10000, last: 10002 };
  await makeCustomer(server, other, { name: 'First', debtor_number: 10000 });
  await makeCustomer(server, other, { name: 'At the end', debtor_number: 10002 });
  const gap = await makeCustomer(server, other, { name: 'Into the gap' });
  expect(await assignDebtorNumber(server.db, other.id, gap.id, small)).toBe(10001);
  const fresh = await makeCustomer(server, other, { name: 'No room' });
  await expect(assignDebtorNumber(server.db, other.id, fresh.id, small)).rejects.toMatchObject({
    code: 'conflict',
    details: { reason: 'debtor_accounts_full', customer_id: fresh.id, customer_name: 'No room' },
  });
  const read = await server.json(`/api/v1/customers/${fresh.id}`, { key: other.apiKey });
  expect(read.body.data.debtor_number).toBeUndefined();
});

/**
 * A firm with DATEV settings (and `settings` beside the numbers) whose invoice of today goes to a customer made from
 * `customer`; returns the firm, the customer and the period of this month up to today.
 */
async function firmInvoicing(settings: Record<string, unknown>, customer: Record<string, unknown>) {
  const firm = await makeAccount(server);
  const saved = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003, ...settings },
  });
  expect(saved.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Kleinbetrieb GmbH',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    tax_id: 'DE123456789',
  });
  const buyer = await makeCustomer(server, firm, {
    billing_address: { line1: 'Ring 1', city: 'Stadt', postal_code: '12345', country: 'DE' },
    ...customer,
  });
  const today = new Date().toISOString().slice(0, 10);
  await makeDocument(
    server,
    firm,
    { profileId: profile.id, customerId: buyer.id },
    { issue_date: today, due_date: today },
    ['finalize'],
  );
  return { firm, buyer, from: `${today.slice(0, 7)}-01`, today };
}

test('an export that would need a debtor number none is left for is a 409 before its first byte, bookings and master data', async () => {
  const {
    firm,
    buyer: fresh,
    from,
    today,
  } = await firmInvoicing({ first_debtor_number: 69999 }, { name: 'No room GmbH' });
  await makeCustomer(server, firm, { name: 'Holder', debtor_number: 69999 });
  for (const path of [
    `/api/v1/exports/datev?from=${from}&to=${today}`,
    `/api/v1/exports/datev-master-data.csv?from=${from}&to=${today}`,
  ]) {
    const res = await server.json(path, { key: firm.apiKey });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({
      reason: 'debtor_accounts_full',
      customer_id: fresh.id,
      customer_name: 'No room GmbH',
    });
  }
});

test('POST and PATCH take only a DATEV debtor account as debtor_number: a ledger or creditor account is a 422 naming the field', async () => {
  const firm = await makeAccount(server);
  for (const number of [5, 4400, 9999, 70001, 80000, 7000000, 700000000]) {
    const made = await server.json('/api/v1/customers', {
      method: 'POST',
      key: firm.apiKey,
      body: { name: `Kunde ${number}`, debtor_number: number },
    });
    expect(made.status).toBe(422);
    expect(made.body.error.details.fields).toContainEqual(
      expect.objectContaining({ loc: 'body.debtor_number', type: 'invalid_value' }),
    );
  }
  const customer = await makeCustomer(server, firm, { name: 'Kunde GmbH', debtor_number: 10000 });
  const patched = await server.json(`/api/v1/customers/${customer.id}`, {
    method: 'PATCH',
    key: firm.apiKey,
    body: { debtor_number: 70000 },
  });
  expect(patched.status).toBe(422);
  expect(patched.body.error.details.fields[0].loc).toBe('body.debtor_number');
  const read = await server.json(`/api/v1/customers/${customer.id}`, { key: firm.apiKey });
  expect(read.body.data.debtor_number).toBe(10000);
  // Every account length's debtors: 5 digits at length 4 up to 9 at length 8.
  for (const number of [69999, 100000, 699999999]) {
    const ok = await server.json(`/api/v1/customers/${customer.id}`, {
      method: 'PATCH',
      key: firm.apiKey,
      body: { debtor_number: number },
    });
    expect(ok.status).toBe(200);
  }
});

test("a stored number that is no debtor account at the settings' account length is a 409 naming the customer before the first byte", async () => {
  // Six digits: a debtor at account length 5, not at the length 4 the settings say.
  const {
    firm,
    buyer: wide,
    from,
    today,
  } = await firmInvoicing({}, { name: 'Breit GmbH', debtor_number: 123456 });
  for (const path of [
    `/api/v1/exports/datev?from=${from}&to=${today}`,
    `/api/v1/exports/datev-master-data.csv?from=${from}&to=${today}`,
    '/api/v1/exports/datev-master-data.csv',
  ]) {
    const res = await server.json(path, { key: firm.apiKey });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toMatchObject({
      reason: 'debtor_number_out_of_range',
      customer_id: wide.id,
      customer_name: 'Breit GmbH',
      debtor_number: 123456,
      first: 10000,
      last: 69999,
      account_length: 4,
    });
  }
  // At account length 5 the number is a debtor account, and the export books it.
  const longer = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003, account_length: 5 },
  });
  expect(longer.status).toBe(200);
  const res = await server.request(`/api/v1/exports/datev?from=${from}&to=${today}`, { key: firm.apiKey });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(';123456;');
});
