// An integrator generates a client from the OpenAPI document: what POST /documents/render marks required
// must be what the service refuses without. Before, its `data` listed only `currency` and `line_items`
// as required, while a render without `issue_date`, `seller` or `buyer` is a 422 (a render is a complete
// document, unlike a calculation): a generated client let a script send what always failed.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let doc: any;
beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  doc = (await server.json('/api/v1/openapi.json')).body;
});
afterAll(() => server?.stop());

const complete = {
  invoice_number: 'ERP-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Murphy Hardware Ltd' },
  buyer: { name: 'Kelly Builders' },
  line_items: [{ name: 'Widget', quantity: '1', unit_price: '10.00' }],
};

for (const path of ['/api/v1/documents/render', '/api/v1/templates/{template_id}/preview']) {
  test(`${path}: the data fields the document marks required are exactly those a request without answers 422 missing`, async () => {
    const schema = doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['data']);
    const required: string[] = schema.properties.data.required;
    expect([...required].sort()).toEqual(['buyer', 'currency', 'issue_date', 'line_items', 'seller']);

    const url = path.replace('{template_id}', 'tpl_modern');
    const ok = await server.json(url, { method: 'POST', key: account.apiKey, body: { data: complete } });
    expect(ok.status).toBe(200);
    for (const field of Object.keys(complete)) {
      const { [field as keyof typeof complete]: _left, ...data } = complete;
      const res = await server.json(url, { method: 'POST', key: account.apiKey, body: { data } });
      const missing =
        res.status === 422 &&
        res.body.error.details.fields.some(
          (f: { loc: string; type: string }) => f.loc === `body.data.${field}` && f.type === 'missing',
        );
      expect({ field, refused: missing }).toEqual({ field, refused: required.includes(field) });
    }
  });
}
