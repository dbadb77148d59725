// A customer's DATEV debtor number, given on its first export (src/modules/customers/repo.ts
// assignDebtorNumber): the next after the highest in the debtor range, never after a number set by hand
// beyond it (70001 at account length 4 is a creditor account): the next one would have been a creditor too.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { assignDebtorNumber } from '../../src/modules/customers';
import { makeAccount, makeCustomer, type TestAccount } from '../factories';
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
