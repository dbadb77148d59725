// The admin CLI's `rules` commands, run as processes against the official pack in ../shared/rulesets (copied
// into temporary packs: a new release of the same layout, and broken ones), and the service that follows the
// data dir's choice.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyPackFiles, packFiles } from '../../src/einvoicing/rule-pack-files';
import { ROOT, RULESETS_DIR, runCli, startServer, tempDir } from '../harness';

const SLOW = 240_000;
const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const EXAMPLE = 'examples/peppol_bis_billing_3/base-example.xml';
/** The embedded pack's versions (../shared/rulesets may hold a newer release). */
const officialVersion = (id: string) =>
  (
    JSON.parse(readFileSync(join(ROOT, 'assets', 'rulesets', 'manifest.json'), 'utf8')) as {
      rulesets: { id: string; version: string }[];
    }
  ).rulesets.find((r) => r.id === id)?.version;

/** The official pack's files plus one of its examples, with `edit` applied to the manifest. */
function makePack(edit: (manifest: Record<string, unknown>) => void = () => {}): string {
  const dir = temp('inv-pack-');
  copyPackFiles(RULESETS_DIR, dir, [...packFiles(RULESETS_DIR), EXAMPLE]);
  const path = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(manifest);
  rmSync(path);
  writeFileSync(path, JSON.stringify(manifest));
  return dir;
}

const rules = (dataDir: string, ...args: string[]) =>
  runCli(['rules', ...args], { DATA_DIR: dataDir, RULESETS_DIR: '' });

let nextRelease: string;
beforeAll(() => {
  // A later release of the same layout: only the version differs, and no code knows it.
  nextRelease = makePack((m) => {
    const peppol = (m.rulesets as { id: string; version: string }[]).find(
      (r) => r.id === 'peppol-bis-billing-3',
    );
    if (peppol) peppol.version = '3.0.99-test';
  });
});

describe('rules CLI', () => {
  test('rules list: the embedded pack, each ruleset with version, valid-from date and source', () => {
    const dataDir = temp('inv-rules-');
    const text = rules(dataDir, 'list');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('embedded in this release');
    expect(text.stdout).toContain(
      `peppol-bis-billing-3  ${officialVersion('peppol-bis-billing-3')}  valid from`,
    );
    const json = JSON.parse(rules(dataDir, 'list', '--json').stdout);
    expect(json.origin).toBe('embedded');
    expect(json.data.map((r: { id: string }) => r.id)).toEqual([
      'en16931-ubl',
      'en16931-cii',
      'peppol-bis-billing-3',
      'xrechnung-ubl',
      'xrechnung-cii',
    ]);
    for (const r of json.data) {
      expect(r.version).toBe(officialVersion(r.id));
      expect(r.valid_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.source).toBeTruthy();
    }
  });

  test(
    'rules verify: a complete pack passes, its stylesheets and schemas load and its example passes',
    () => {
      const result = rules(temp('inv-rules-'), 'verify', nextRelease);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        'is valid: 5 stylesheets and 5 schemas load, 1 of 1 official examples pass',
      );
    },
    SLOW,
  );

  test('rules verify: a manifest naming a missing file fails and names it', () => {
    const broken = makePack((m) => {
      (m.rulesets as { sef?: string; xslt?: string }[])[0] = {
        ...(m.rulesets as object[])[0],
        sef: 'sef/missing.sef.json',
        xslt: 'en16931/missing.xslt',
      };
    });
    const result = rules(temp('inv-rules-'), 'verify', broken);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('is NOT valid');
    expect(result.stdout).toContain('ruleset artefact missing');
    expect(result.stdout).toContain('sef/missing.sef.json');
  });

  test(
    'rules verify: a corrupt stylesheet and a failing example each fail with what is wrong',
    () => {
      const corrupt = makePack();
      writeFileSync(join(corrupt, 'sef', 'xrechnung-ubl.sef.json'), '{"N":"package"');
      const badSef = rules(temp('inv-rules-'), 'verify', corrupt);
      expect(badSef.code).toBe(1);
      expect(badSef.stdout).toContain('ruleset xrechnung-ubl: its stylesheet');
      expect(badSef.stdout).toContain('does not load');

      const failing = makePack();
      const example = join(failing, EXAMPLE);
      // A currency no code list knows: the official rules reject it.
      writeFileSync(
        example,
        readFileSync(example, 'utf8').replaceAll('currencyID="EUR"', 'currencyID="XXQ"'),
      );
      const badExample = rules(temp('inv-rules-'), 'verify', failing);
      expect(badExample.code).toBe(1);
      expect(badExample.stdout).toContain(`example ${EXAMPLE} fails its own profile:`);
    },
    SLOW,
  );

  test(
    'rules install, then rollback and back: the service follows the data dir, the examples are not copied',
    async () => {
      const dataDir = temp('inv-rules-');
      // Into a data dir that exists only: a mistyped DATA_DIR gets no pack, and is not made.
      const missing = join(dataDir, 'typo');
      const nowhere = rules(missing, 'install', nextRelease);
      expect(nowhere.code).toBe(2);
      expect(nowhere.stderr).toContain(`DATA_DIR ${missing} does not exist`);
      expect(readdirSync(dataDir)).toEqual([]);
      expect(runCli(['migrate'], { DATA_DIR: dataDir }).code).toBe(0);
      const refused = rules(dataDir, 'install', join(nextRelease, 'no-such-dir'));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('Nothing was installed');
      expect(rules(dataDir, 'rollback').stderr).toContain('nothing to roll back to');

      const installed = rules(dataDir, 'install', nextRelease);
      expect(installed.code).toBe(0);
      expect(installed.stdout).toContain('Installed as ');
      const list = JSON.parse(rules(dataDir, 'list', '--json').stdout);
      expect(list.origin).toBe('installed');
      expect(list.data.find((r: { id: string }) => r.id === 'peppol-bis-billing-3').version).toBe(
        '3.0.99-test',
      );
      const packs = readdirSync(join(dataDir, 'rulesets', 'packs'));
      expect(packs).toEqual([list.name]);
      expect(existsSync(join(dataDir, 'rulesets', 'packs', list.name, 'examples'))).toBe(false);

      const back = rules(dataDir, 'rollback');
      expect(back.code).toBe(0);
      expect(JSON.parse(rules(dataDir, 'list', '--json').stdout).origin).toBe('embedded');
      expect(rules(dataDir, 'rollback').code).toBe(0);
      expect(JSON.parse(rules(dataDir, 'list', '--json').stdout).name).toBe(list.name);

      // A server started on this data dir (and removing it when stopped) without RULESETS_DIR runs the installed pack.
      const server = await startServer({ dataDir, servedRules: true });
      try {
        const listed = await server.json('/api/v1/reference/rulesets');
        expect(listed.body.origin).toBe('installed');
        expect(listed.body.data.find((r: { id: string }) => r.id === 'peppol-bis-billing-3').version).toBe(
          '3.0.99-test',
        );
      } finally {
        await server.stop();
      }
    },
    SLOW,
  );
});
