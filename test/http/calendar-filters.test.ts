// A list filtered by a day that is on no calendar (2026-02-30: the schema's `date` format checks only the
// shape) is a 422 naming the parameter, as the reports, exports and the inbox answer it; before, the
// documents and payments lists compared the text and answered a list.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { payments } from '../../src/modules/payments/schema';
import { makeDocument, makeParties } from '../document-factories';
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

// Every date a request gives is checked by the schema's `date` format itself (src/http/date-format.ts), not
// route by route: a day on no calendar, a month or day without its leading zero, year 0000 are each a 422
// at the parameter, in the same words wherever they come. Elysia's own `date` format took all three.
const NOT_DAYS = ['2026-02-30', '2026-1-01', '2026-01-1', '0000-01-01', '2026-04-31'];
test.each([
  ['/api/v1/documents?issued_from=', 'query.issued_from'],
  ['/api/v1/payments?date_to=', 'query.date_to'],
  ['/api/v1/received-documents?issued_to=', 'query.issued_to'],
  ['/api/v1/reports/receivables?as_of=', 'query.as_of'],
  ['/api/v1/reports/revenue?to=2026-12-31&from=', 'query.from'],
  ['/api/v1/exports/documents.csv?from=2026-01-01&to=', 'query.to'],
])('%s… takes only days of the calendar', async (path, loc) => {
  for (const day of NOT_DAYS) {
    const res = await server.json(`${path}${day}`, { key: account.apiKey });
    expect([day, res.status, res.body.error?.details?.fields]).toEqual([
      day,
      422,
      [{ loc, msg: 'must be a date of the calendar (YYYY-MM-DD)', type: 'value_error.date' }],
    ]);
  }
});

test('a payment dated on no calendar day is a 422 at body.date; one stored so by an older version is still listed', async () => {
  const parties = await makeParties(server, account);
  const doc = await makeDocument(server, account, parties, {}, ['finalize']);
  for (const date of NOT_DAYS) {
    const refused = await server.json(`/api/v1/documents/${doc.id}/payments`, {
      method: 'POST',
      key: account.apiKey,
      body: { amount: '1.00', date },
    });
    expect([date, refused.status, refused.body.error?.details?.fields]).toEqual([
      date,
      422,
      [{ loc: 'body.date', msg: 'must be a date of the calendar (YYYY-MM-DD)', type: 'value_error.date' }],
    ]);
  }
  const paid = await server.json(`/api/v1/documents/${doc.id}/payments`, {
    method: 'POST',
    key: account.apiKey,
    body: { amount: '1.00', date: '2026-02-28' },
  });
  expect(paid.status).toBe(201);
  // A version before 2026-12-07 stored the day as given (its check was the shape): the answers are checked
  // against their schemas on the way out, and must not turn that row into a 500 for every list it is in.
  await server.db.update(payments).set({ date: '2026-02-30' }).where(eq(payments.id, paid.body.data.id));
  for (const path of [`/api/v1/documents/${doc.id}/payments`, '/api/v1/payments']) {
    const listed = await server.json(path, { key: account.apiKey });
    expect([path, listed.status, listed.body.data?.map((p: { date: string }) => p.date)]).toEqual([
      path,
      200,
      ['2026-02-30'],
    ]);
  }
});
