// A service started without RULESETS_DIR runs the official pack embedded in the release (assets/rulesets)
// with no setup; GET /api/v1/reference/rulesets lists the pack in use. Versions are read from the vendored
// manifest and the example from ../shared/rulesets, so a newer pack needs no change here.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount, type TestAccount } from '../factories';
import { ROOT, RULESETS_DIR, startServer, type TestServer } from '../harness';

let embedded: TestServer;
let configured: TestServer;
let account: TestAccount;
beforeAll(async () => {
  embedded = await startServer({ servedRules: true });
  configured = await startServer();
  account = await makeAccount(embedded);
});
afterAll(async () => {
  await embedded.stop();
  await configured.stop();
});

// The embedded pack's own manifest: ../shared/rulesets may hold a newer release than the one vendored.
const manifest = JSON.parse(readFileSync(join(ROOT, 'assets', 'rulesets', 'manifest.json'), 'utf8')) as {
  rulesets: { id: string; version: string; valid_from?: string }[];
};

describe('the embedded rule pack', () => {
  test('GET /reference/rulesets lists the embedded pack: the official rulesets and versions', async () => {
    const res = await embedded.json('/api/v1/reference/rulesets');
    expect(res.status).toBe(200);
    expect(res.body.origin).toBe('embedded');
    expect(res.body.available).toBe(true);
    expect(
      res.body.data.map((r: { id: string; version: string; valid_from: string | null }) => [
        r.id,
        r.version,
        r.valid_from,
      ]),
    ).toEqual(manifest.rulesets.map((r) => [r.id, r.version, r.valid_from ?? null]));
    expect(res.body.profiles.map((p: { id: string }) => p.id).sort()).toEqual([
      'factur_x_en16931',
      'peppol_bis_billing_3',
      'xrechnung_cii',
      'xrechnung_ubl',
    ]);
  });

  test('RULESETS_DIR overrides it, and the list says so', async () => {
    const res = await configured.json('/api/v1/reference/rulesets');
    expect(res.body.origin).toBe('rulesets_dir');
  });

  test('an official XRechnung example is fully checked and valid with no RULESETS_DIR', async () => {
    const folder = join(RULESETS_DIR, 'examples', 'xrechnung_ubl');
    const file = readdirSync(folder).find((f) => f.endsWith('.xml')) ?? '';
    const res = await embedded.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'xrechnung_ubl', xml: readFileSync(join(folder, file), 'utf8') },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.fully_checked).toBe(true);
    expect(res.body.data.valid).toBe(true);
    const version = manifest.rulesets.find((r) => r.id === 'xrechnung-ubl')?.version ?? '?';
    expect(res.body.data.ruleset_version).toContain(version);
  }, 120_000);
});
