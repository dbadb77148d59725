// The fields other modules link to documents reach the payments module's answers too (docs/architecture.md,
// "Links between modules"): mark-paid and mark-unpaid answer a stored document, and carry `cost_centre_id`
// as every answer of /api/v1/documents does, in the answer and in the OpenAPI document.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
let centreId: string;

const DOCS = '/api/v1/documents';
/** mark-paid takes a sent invoice (a finalized one is a 409: SPEC 3). */
const SENT = ['finalize', 'mark-sent'];
const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
  const centre = await call('POST', '/api/v1/cost-centres', { code: 'VERTRIEB', name: 'Vertrieb' });
  expect(centre.status).toBe(200);
  centreId = centre.body.data.id;
});
afterAll(() => server.stop());

describe('payments answer documents with their links', () => {
  test('mark-paid and mark-unpaid answers carry cost_centre_id, as get does', async () => {
    const doc = await makeDocument(server, account, parties, { cost_centre_id: centreId }, SENT);
    expect(doc.cost_centre_id).toBe(centreId);
    const paid = await call('POST', `${DOCS}/${doc.id}/mark-paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ id: doc.id, status: 'paid', cost_centre_id: centreId });
    expect(paid.body.data).toEqual((await call('GET', `${DOCS}/${doc.id}`)).body.data);
    const unpaid = await call('POST', `${DOCS}/${doc.id}/mark-unpaid`);
    expect(unpaid.status).toBe(200);
    expect(unpaid.body.data).toMatchObject({ id: doc.id, status: 'sent', cost_centre_id: centreId });
    expect(unpaid.body.data).toEqual((await call('GET', `${DOCS}/${doc.id}`)).body.data);
  });

  test('an unlinked document answers cost_centre_id null; a later allocation shows in the next answer', async () => {
    const doc = await makeDocument(server, account, parties, {}, SENT);
    const paid = await call('POST', `${DOCS}/${doc.id}/mark-paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toHaveProperty('cost_centre_id', null);
    expect((await call('PATCH', `${DOCS}/${doc.id}`, { cost_centre_id: centreId })).status).toBe(200);
    const unpaid = await call('POST', `${DOCS}/${doc.id}/mark-unpaid`);
    expect(unpaid.body.data.cost_centre_id).toBe(centreId);
  });

  test('a refused action answers no document: a draft cannot be marked paid', async () => {
    const draft = await makeDocument(server, account, parties, { cost_centre_id: centreId });
    const res = await call('POST', `${DOCS}/${draft.id}/mark-paid`);
    expect(res.status).toBe(409);
    expect(res.body.data).toBeUndefined();
  });

  test('the OpenAPI document shows cost_centre_id on the mark-paid and mark-unpaid answers', async () => {
    const doc = (await call('GET', '/api/v1/openapi.json')).body;
    for (const action of ['mark-paid', 'mark-unpaid']) {
      const op = doc.paths[`${DOCS}/{document_id}/${action}`].post;
      const answer = op.responses['200'].content['application/json'].schema.properties.data;
      expect(answer.required).toContain('cost_centre_id');
      expect(answer.properties.cost_centre_id).toMatchObject({ type: ['string', 'null'] });
      expect(answer.properties.cost_centre_id.description).toContain('KOST1');
      // The same answer as documents' own routes give.
      const get = doc.paths[`${DOCS}/{document_id}`].get;
      expect(answer).toEqual(get.responses['200'].content['application/json'].schema.properties.data);
    }
  });
});
