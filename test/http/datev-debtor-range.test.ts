// A customer's DATEV debtor number, given on its first export (src/modules/customers/repo.ts
// assignDebtorNumber): the next after the highest in the debtor range, never after a number set by hand
// beyond it (70001 at account length 4 is a creditor account): the next one would have been a creditor too.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { assignDebtorNumber } from '../../src/modules/customers';
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

test('a number set beyond the debtor range does not move the next one there', async () => {
  await makeCustomer(server, account, { name: 'Set by hand', debtor_number: 70001 });
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

test('an export that would need a debtor number none is left for is a 409 before its first byte, bookings and master data', async () => {
  const firm = await makeAccount(server);
  const settings = await server.json('/api/v1/settings/accounting', {
    method: 'PUT',
    key: firm.apiKey,
    body: { consultant_number: 29098, client_number: 55003, first_debtor_number: 69999 },
  });
  expect(settings.status).toBe(200);
  const profile = await makeBusinessProfile(server, firm, {
    legal_name: 'Kleinbetrieb GmbH',
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    tax_id: 'DE123456789',
  });
  await makeCustomer(server, firm, { name: 'Holder', debtor_number: 69999 });
  const fresh = await makeCustomer(server, firm, {
    name: 'No room GmbH',
    billing_address: { line1: 'Ring 1', city: 'Stadt', postal_code: '12345', country: 'DE' },
  });
  const today = new Date().toISOString().slice(0, 10);
  await makeDocument(
    server,
    firm,
    { profileId: profile.id, customerId: fresh.id },
    { issue_date: today, due_date: today },
    ['finalize'],
  );
  const from = `${today.slice(0, 7)}-01`;
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
