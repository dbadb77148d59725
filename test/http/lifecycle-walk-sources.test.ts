// A quote converted into an invoice stays `finalized` or `sent` (SPEC 3 has no "accepted" or "converted"
// status), and nothing told a client which invoice was made from it: the list had no filter for it (422
// `extra_forbidden` at `query.source_document_id`), so the console could neither link a quote to its invoice
// nor an invoice to its Rechnungskorrekturen, and "Create invoice" made a second invoice unasked.
// `GET /documents?source_document_id=` lists the documents naming it as their source, only the account's own.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let firm: TestAccount;
let other: TestAccount;
let parties: { profileId: string; customerId: string };

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  firm = await makeAccount(server);
  other = await makeAccount(server);
  parties = await makeParties(server, firm);
});
afterAll(async () => {
  await server.stop();
});

const list = (account: TestAccount, query: string) =>
  server.json(`/api/v1/documents?${query}`, { key: account.apiKey });

test('a quote lists the invoice made from it, an invoice its credit notes', async () => {
  const quote = await makeDocument(
    server,
    firm,
    parties,
    { document_type: 'quote', number: 'AN-2026-0001', due_date: undefined },
    ['finalize', 'mark-sent'],
  );
  const invoice = await makeDocument(
    server,
    firm,
    parties,
    { number: 'RE-2026-0001', source_document_id: quote.id },
    ['finalize'],
  );
  const unrelated = await makeDocument(server, firm, parties, { number: 'RE-2026-0002' });
  const credit = await makeDocument(
    server,
    firm,
    parties,
    {
      document_type: 'credit_note',
      number: 'RK-2026-0001',
      source_document_id: invoice.id,
      reason: 'Storno',
      due_date: undefined,
    },
    ['finalize'],
  );

  const fromQuote = await list(firm, `source_document_id=${quote.id}`);
  expect(fromQuote.status).toBe(200);
  expect(fromQuote.body.data.map((d: { number: string }) => d.number)).toEqual(['RE-2026-0001']);
  // The quote itself is unchanged: still sent, as SPEC 3 knows it.
  expect((await server.json(`/api/v1/documents/${quote.id}`, { key: firm.apiKey })).body.data.status).toBe(
    'sent',
  );

  const corrections = await list(firm, `source_document_id=${invoice.id}&document_type=credit_note`);
  expect(corrections.status).toBe(200);
  expect(corrections.body.data.map((d: { id: string }) => d.id)).toEqual([credit.id]);

  expect((await list(firm, `source_document_id=${unrelated.id}`)).body.data).toEqual([]);
  // Another account sees none of them.
  const foreign = await list(other, `source_document_id=${quote.id}`);
  expect(foreign.status).toBe(200);
  expect(foreign.body.data).toEqual([]);
});
