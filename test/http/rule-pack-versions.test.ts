// The rules move twice a year; the service takes any pack of the same layout without code changes and
// reports what the installed manifest says: each ruleset's version and, when given, its valid_from date.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

let server: TestServer;

/** The official pack with its manifest edited: new versions and dates, as a future release would bring. */
function nextRelease(): string {
  const dir = join(tempDir(), 'pack');
  mkdirSync(dir);
  for (const entry of readdirSync(OFFICIAL_RULESETS)) {
    if (entry !== 'manifest.json') symlinkSync(join(OFFICIAL_RULESETS, entry), join(dir, entry));
  }
  const manifest = JSON.parse(readFileSync(join(OFFICIAL_RULESETS, 'manifest.json'), 'utf8'));
  for (const r of manifest.rulesets) {
    r.version = `${r.version}-next`;
    r.valid_from = '2027-05-01';
  }
  delete manifest.rulesets.find((r: { id: string }) => r.id === 'en16931-ubl').valid_from;
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

beforeAll(async () => {
  server = await startServer({ rulesetsDir: nextRelease() });
});
afterAll(() => server.stop());

describe('rule pack versions come from the installed manifest', () => {
  test('rulesets[] report the manifest version and valid_from, with no code change', async () => {
    const account = await makeAccount(server);
    const xml = readFileSync(
      join(OFFICIAL_RULESETS, 'examples/peppol_bis_billing_3/base-example.xml'),
      'utf8',
    );
    const res = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: { profile: 'peppol_bis_billing_3', xml },
    });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.rulesets.map((r: { id: string }) => [r.id, r]));
    expect(byId['peppol-bis-billing-3']).toMatchObject({ ran: true, valid_from: '2027-05-01' });
    expect(byId['peppol-bis-billing-3'].version).toEndWith('-next');
    expect(byId['en16931-ubl'].version).toEndWith('-next');
    expect(byId['en16931-ubl']).not.toHaveProperty('valid_from');
    expect(res.body.data.ruleset_version).toContain('-next');
  });
});
