// A list filtered by a day that is on no calendar (2026-02-30: the schema's `date` format checks only the
// shape) is a 422 naming the parameter, as the reports, exports and the inbox answer it; before, the
// documents and payments lists compared the text and answered a list.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

test.each([
  ['/api/v1/documents', 'issued_from'],
  ['/api/v1/documents', 'issued_to'],
  ['/api/v1/payments', 'date_from'],
  ['/api/v1/payments', 'date_to'],
])('%s?%s=2026-02-30 is a 422 at that parameter', async (path, parameter) => {
  const res = await server.json(`${path}?${parameter}=2026-02-30`, { key: account.apiKey });
  expect(res.status).toBe(422);
  expect(res.body.error.details.fields).toEqual([expect.objectContaining({ loc: `query.${parameter}` })]);
  const fine = await server.json(`${path}?${parameter}=2024-02-29`, { key: account.apiKey });
  expect(fine.status).toBe(200);
});
