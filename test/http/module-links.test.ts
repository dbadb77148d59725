// Links between modules (docs/architecture.md, "Links between modules"): cost centres give documents a
// `cost_centre_id` from their own folder (a link kept in cost_centre_documents), and documents' one
// extension point takes it: create and PATCH accept it in the same transaction, every answer carries it,
// the list filters by it, the OpenAPI document shows it. docs/cost-centres.md for the rules.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../src/shared/clock';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
const clock = new FakeClock();

beforeAll(async () => {
  server = await startServer({ clock, rulesetsDir: null });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const DOCS = '/api/v1/documents';
const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });
const fields = (res: { body: any }) =>
  res.body.error.details.fields.map((f: { loc: string; type: string }) => `${f.loc} ${f.type}`).sort();

let codes = 0;
async function centre(key = account.apiKey, body: Record<string, unknown> = {}): Promise<string> {
  codes += 1;
  const res = await call(
    'POST',
    '/api/v1/cost-centres',
    { code: `K${codes}`, name: `Centre ${codes}`, ...body },
    key,
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id;
}

async function create(overrides: Record<string, unknown> = {}) {
  return await call('POST', DOCS, documentBody(parties, overrides));
}

const ids = (res: { body: any }) => res.body.data.map((d: { id: string }) => d.id);

describe('documents linked to cost centres', () => {
  test('create with cost_centre_id: the answer, get and list carry it; unlinked ones carry null', async () => {
    const sales = await centre();
    const made = await create({ cost_centre_id: sales });
    expect(made.status).toBe(200);
    expect(made.body.data.cost_centre_id).toBe(sales);
    const plain = (await create()).body.data;
    expect(plain.cost_centre_id).toBeNull();
    const got = await call('GET', `${DOCS}/${made.body.data.id}`);
    expect(got.body.data).toEqual(made.body.data);
    const listed = (await call('GET', `${DOCS}?limit=100`)).body.data;
    const byId = new Map(
      listed.map((d: { id: string; cost_centre_id: unknown }) => [d.id, d.cost_centre_id]),
    );
    expect(byId.get(made.body.data.id)).toBe(sales);
    expect(byId.get(plain.id)).toBeNull();
    // A cleared field on create is no link.
    expect((await create({ cost_centre_id: null })).body.data.cost_centre_id).toBeNull();
  });

  test('?cost_centre_id= lists only the documents allocated to it; another account’s id finds nothing', async () => {
    const [a, b] = [await centre(), await centre()];
    const inA = [
      (await create({ cost_centre_id: a })).body.data.id,
      (await create({ cost_centre_id: a })).body.data.id,
    ];
    await create({ cost_centre_id: b });
    await create();
    expect(ids(await call('GET', `${DOCS}?cost_centre_id=${a}`))).toEqual([...inA].reverse());
    const paged = await call('GET', `${DOCS}?cost_centre_id=${a}&limit=1`);
    expect(ids(paged)).toEqual([inA[1]]);
    const next = await call(
      'GET',
      `${DOCS}?cost_centre_id=${a}&limit=1&cursor=${paged.body.pagination.next_cursor}`,
    );
    expect(ids(next)).toEqual([inA[0]]);
    const both = await call('GET', `${DOCS}?cost_centre_id=${a}&status=finalized`);
    expect(both.body.data).toEqual([]);
    const other = await makeAccount(server);
    expect((await call('GET', `${DOCS}?cost_centre_id=${a}`, undefined, other.apiKey)).body.data).toEqual([]);
    expect((await call('GET', `${DOCS}?cost_centre_id=cc_unknown`)).body.data).toEqual([]);
  });

  test('PATCH a draft to another cost centre and to null; omitted leaves it; each answer says so', async () => {
    const [a, b] = [await centre(), await centre()];
    const doc = (await create({ cost_centre_id: a })).body.data;
    clock.advance(1000);
    const moved = await call('PATCH', `${DOCS}/${doc.id}`, { cost_centre_id: b });
    expect(moved.status).toBe(200);
    expect(moved.body.data.cost_centre_id).toBe(b);
    expect(moved.body.data.updated_at > doc.updated_at).toBe(true);
    const noted = await call('PATCH', `${DOCS}/${doc.id}`, { notes: 'Danke' });
    expect(noted.body.data.cost_centre_id).toBe(b);
    const cleared = await call('PATCH', `${DOCS}/${doc.id}`, { cost_centre_id: null });
    expect(cleared.body.data.cost_centre_id).toBeNull();
    expect((await call('GET', `${DOCS}/${doc.id}`)).body.data.cost_centre_id).toBeNull();
    expect(ids(await call('GET', `${DOCS}?cost_centre_id=${b}`))).toEqual([]);
  });

  test('an unknown id is a 422 at body.cost_centre_id, with the draft’s other problems, and nothing is stored', async () => {
    const before = (await call('GET', `${DOCS}?limit=100`)).body.data.length;
    const unknown = await create({ cost_centre_id: 'cc_nosuchcentre' });
    expect(unknown.status).toBe(422);
    expect(fields(unknown)).toEqual(['body.cost_centre_id not_found']);
    const twice = await create({ cost_centre_id: 'cc_nosuchcentre', customer_id: 'cus_nosuchcustomer' });
    expect(fields(twice)).toEqual(['body.cost_centre_id not_found', 'body.customer_id not_found']);
    expect((await call('GET', `${DOCS}?limit=100`)).body.data.length).toBe(before);
    const doc = (await create({ cost_centre_id: await centre() })).body.data;
    const patched = await call('PATCH', `${DOCS}/${doc.id}`, {
      cost_centre_id: 'cc_nosuchcentre',
      notes: 'x',
    });
    expect(patched.status).toBe(422);
    expect(fields(patched)).toEqual(['body.cost_centre_id not_found']);
    expect((await call('GET', `${DOCS}/${doc.id}`)).body.data).toEqual(doc);
    const wrongType = await create({ cost_centre_id: 42 });
    expect(wrongType.status).toBe(422);
    expect(fields(wrongType)[0]).toStartWith('body.cost_centre_id');
  });

  test('another account’s cost centre is a 422 just like an unknown id: nothing tells it exists', async () => {
    const other = await makeAccount(server);
    const theirs = await centre(other.apiKey);
    const res = await create({ cost_centre_id: theirs });
    expect(res.status).toBe(422);
    const unknown = await create({ cost_centre_id: 'cc_nosuchcentre' });
    expect(res.body.error.details).toEqual(unknown.body.error.details);
    const doc = (await create()).body.data;
    const patched = await call('PATCH', `${DOCS}/${doc.id}`, { cost_centre_id: theirs });
    expect(patched.status).toBe(422);
    expect(fields(patched)).toEqual(['body.cost_centre_id not_found']);
  });

  test('an inactive cost centre takes no new document; the ones linked to it keep it', async () => {
    const old = await centre();
    const doc = (await create({ cost_centre_id: old })).body.data;
    await call('PATCH', `/api/v1/cost-centres/${old}`, { active: false });
    const refused = await create({ cost_centre_id: old });
    expect(refused.status).toBe(422);
    expect(fields(refused)).toEqual(['body.cost_centre_id invalid_value']);
    // The same value sent again is no change: a client that sends the whole document back is not refused.
    const same = await call('PATCH', `${DOCS}/${doc.id}`, { cost_centre_id: old, notes: 'again' });
    expect(same.status).toBe(200);
    expect(same.body.data.cost_centre_id).toBe(old);
  });

  test('after finalize the cost centre may change (alone), the issued content may not; every answer carries it', async () => {
    const [a, b] = [await centre(), await centre()];
    const draft = (await create({ cost_centre_id: a })).body.data;
    const finalized = await call('POST', `${DOCS}/${draft.id}/finalize`);
    expect(finalized.status).toBe(200);
    expect(finalized.body.data.cost_centre_id).toBe(a);
    clock.advance(1000);
    const moved = await call('PATCH', `${DOCS}/${draft.id}`, { cost_centre_id: b });
    expect(moved.status).toBe(200);
    const { cost_centre_id, updated_at, ...rest } = moved.body.data;
    const { cost_centre_id: _a, updated_at: before, ...issued } = finalized.body.data;
    expect(cost_centre_id).toBe(b);
    expect(rest).toEqual(issued);
    expect(updated_at > before).toBe(true);
    // Nothing changes: updated_at stays.
    const again = await call('PATCH', `${DOCS}/${draft.id}`, { cost_centre_id: b });
    expect(again.body.data.updated_at).toBe(updated_at);
    const mixed = await call('PATCH', `${DOCS}/${draft.id}`, { cost_centre_id: a, notes: 'changed' });
    expect(mixed.status).toBe(409);
    const empty = await call('PATCH', `${DOCS}/${draft.id}`, {});
    expect(empty.status).toBe(409);
    const unknown = await call('PATCH', `${DOCS}/${draft.id}`, { cost_centre_id: 'cc_nosuchcentre' });
    expect(unknown.status).toBe(422);
    expect(fields(unknown)).toEqual(['body.cost_centre_id not_found']);
    const sent = await call('POST', `${DOCS}/${draft.id}/mark-sent`);
    expect(sent.body.data.cost_centre_id).toBe(b);
    const unlinked = await call('PATCH', `${DOCS}/${draft.id}`, { cost_centre_id: null });
    expect(unlinked.body.data).toMatchObject({ status: 'sent', cost_centre_id: null });
  });

  test('a duplicate starts unlinked: the link belongs to the document it was set on', async () => {
    const doc = (await create({ cost_centre_id: await centre() })).body.data;
    const copy = await call('POST', `${DOCS}/${doc.id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.body.data.cost_centre_id).toBeNull();
  });

  test('a cost centre documents are allocated to cannot be deleted (409); once they are not, it can', async () => {
    const used = await centre();
    const issued = (await create({ cost_centre_id: used })).body.data;
    await call('POST', `${DOCS}/${issued.id}/finalize`);
    const draft = (await create({ cost_centre_id: used })).body.data;
    const refused = await call('DELETE', `/api/v1/cost-centres/${used}`);
    expect(refused.status).toBe(409);
    expect((await call('GET', `/api/v1/cost-centres/${used}`)).status).toBe(200);
    expect((await call('GET', `${DOCS}/${issued.id}`)).body.data.cost_centre_id).toBe(used);
    // A deleted draft takes its link with it; the issued document is unlinked by PATCH.
    expect((await call('DELETE', `${DOCS}/${draft.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/cost-centres/${used}`)).status).toBe(409);
    await call('PATCH', `${DOCS}/${issued.id}`, { cost_centre_id: null });
    expect((await call('DELETE', `/api/v1/cost-centres/${used}`)).body.data).toEqual({ deleted: true });
  });

  test('the OpenAPI document shows the field on the bodies, the answers and the list query', async () => {
    const doc = (await call('GET', '/api/v1/openapi.json')).body;
    const json = (op: any, at: 'request' | 'response') =>
      at === 'request'
        ? op.requestBody.content['application/json'].schema
        : op.responses['200'].content['application/json'].schema.properties.data;
    const documents = doc.paths['/api/v1/documents'];
    const one = doc.paths['/api/v1/documents/{document_id}'];
    for (const body of [json(documents.post, 'request'), json(one.patch, 'request')]) {
      expect(body.properties.cost_centre_id.type).toEqual(['string', 'null']);
      expect(body.required ?? []).not.toContain('cost_centre_id');
      expect(body.additionalProperties).toBe(false);
    }
    const answers = [
      json(documents.post, 'response'),
      json(one.get, 'response'),
      json(one.patch, 'response'),
      json(doc.paths['/api/v1/documents/{document_id}/finalize'].post, 'response'),
      json(documents.get, 'response').items,
    ];
    for (const answer of answers) {
      expect(answer.required).toContain('cost_centre_id');
      expect(answer.properties.cost_centre_id).toMatchObject({ type: ['string', 'null'] });
      expect(answer.properties.cost_centre_id.description).toContain('KOST1');
    }
    const query = documents.get.parameters.find((p: { name: string }) => p.name === 'cost_centre_id');
    expect(query).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } });
    expect(doc.paths['/api/v1/cost-centres/{id}']).toBeDefined();
  });

  test('a field no module links is still refused at its path', async () => {
    const res = await create({ project_id: 'prj_1' });
    expect(res.status).toBe(422);
    expect(fields(res)[0]).toStartWith('body.project_id');
  });
});
