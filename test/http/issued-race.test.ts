// Issue 39 §1 (docs/renders.md, "Issued is issued"): two first uses of a document at once keep one original.
// The renderer here is a stand-in that holds every draw until all the racing requests have drawn, so each
// of them really drew its own PDF (distinct bytes) before any could record it: the unique key decides, the
// losers are undone (file deleted, unit of quota given back) and answer the winner's bytes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import type { RenderInput } from '../../src/rendering/types';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };

/** Draws so far, and the barrier a race sets: every draw waits until `expected` have arrived. */
let draws = 0;
let expected = 0;
let arrived = 0;
let releaseAll = () => {};
let allArrived: Promise<void> = Promise.resolve();

function holdDraws(count: number): void {
  expected = count;
  arrived = 0;
  allArrived = new Promise((resolve) => {
    releaseAll = resolve;
  });
}

beforeAll(async () => {
  server = await startServer({
    startJobs: false,
    renderPdf: async (input: RenderInput) => {
      draws += 1;
      const n = draws;
      if (expected > 0) {
        arrived += 1;
        if (arrived === expected) releaseAll();
        await allArrived;
      }
      return new TextEncoder().encode(`%PDF-1.3\n% ${input.data.invoice_number} draw ${n}\n%%EOF\n`);
    },
  });
  account = await makeAccount(server);
  parties = await makeParties(server, account);
});
afterAll(() => server.stop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function download(path: string): Promise<Uint8Array> {
  const res = await server.request(path, { key: account.apiKey });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const used = async () =>
  (await server.json('/api/v1/usage', { key: account.apiKey })).body.data.renders.used as number;

async function keptBlobs(documentId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of server.deps.blobs.list(`issued/${account.id}/${documentId}/`))
    keys.push(entry.key);
  return keys;
}

describe('two first uses at once keep one original', () => {
  test('three first renders drawn at once: one original, every answer its bytes, one unit of quota', async () => {
    const doc = await makeDocument(server, account, parties, { number: 'RACE-1' }, ['finalize']);
    const before = await used();
    const drawsBefore = draws;
    holdDraws(3);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        server.json(`/api/v1/documents/${doc.id}/renders`, { method: 'POST', key: account.apiKey, body: {} }),
      ),
    );
    expected = 0;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(draws - drawsBefore).toBe(3); // each drew its own PDF before any recorded one
    expect(answers.map((a) => a.body.data.copy)).toEqual([false, false, false]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(3);

    const pdfs = await Promise.all(
      answers.map((a) => download(`/api/v1/renders/${a.body.data.id}/download`)),
    );
    const first = pdfs[0] as Uint8Array;
    for (const pdf of pdfs) expect(Buffer.from(pdf).equals(Buffer.from(first))).toBe(true);
    expect(new TextDecoder().decode(first)).toContain('RACE-1 draw');

    const files = (await server.json(`/api/v1/documents/${doc.id}/issued-files`, { key: account.apiKey }))
      .body.data;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ kind: 'pdf', sha256: sha256(first), first_use: 'render' });
    // The losers' files are gone, and their units of quota given back: one render made.
    expect(await keptBlobs(doc.id)).toHaveLength(1);
    expect(await used()).toBe(before + 1);
  });

  test('three first XML downloads at once: one kept, the same bytes for all', async () => {
    const profile = await makeBusinessProfile(server, account, GERMAN_SELLER);
    const customer = await makeCustomer(server, account, AUTHORITY);
    const body = germanInvoiceBody(profile.id, customer.id, 'RACE-2', [germanLine()]);
    const draft = await server.json('/api/v1/documents', { method: 'POST', key: account.apiKey, body });
    const doc = (
      await server.json(`/api/v1/documents/${draft.body.data.id}/finalize`, {
        method: 'POST',
        key: account.apiKey,
      })
    ).body.data;
    const path = `/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`;
    const xmls = await Promise.all([1, 2, 3].map(() => download(path)));
    for (const xml of xmls) expect(Buffer.from(xml).equals(Buffer.from(xmls[0] as Uint8Array))).toBe(true);
    const files = (await server.json(`/api/v1/documents/${doc.id}/issued-files`, { key: account.apiKey }))
      .body.data;
    expect(files).toEqual([
      expect.objectContaining({
        kind: 'xml',
        profile: 'xrechnung_ubl',
        sha256: sha256(xmls[0] as Uint8Array),
        first_use: 'download',
      }),
    ]);
    expect(await keptBlobs(doc.id)).toHaveLength(1);
  });
});
