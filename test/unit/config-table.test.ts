// Each setting is declared once (src/config/settings.ts): the README's configuration table is generated from
// that declaration (fails here when stale: `npm run settings:table` writes it anew), every setting has its
// flag and README line, and loadConfig reads no variable or flag the declaration does not name.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { README, settingsTable, withSettingsTable } from '../../scripts/config-table';
import { loadConfig, SETTING_ENV_NAMES, SETTING_FLAGS, SETTINGS } from '../../src/config';
import { SETTING_NAMES, SETTING_SPECS, type SettingSpec } from '../../src/config/settings';

describe("the README's configuration table", () => {
  test('is the one `npm run settings:table` generates from the declaration', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withSettingsTable(readme));
  });

  test('has one row per setting, with its flag and default', () => {
    const rows = settingsTable().split('\n').slice(2);
    expect(rows).toHaveLength(SETTING_NAMES.length);
    expect(rows[0]).toStartWith('| `PORT` | `--port` | `8080` | TCP port');
    expect(settingsTable()).toContain('| `RENDER_WORKERS` | `--render-workers` | one per core |');
    expect(settingsTable()).toContain('fallback `AWS_REGION` |');
  });
});

describe('the declaration of the settings', () => {
  test('every SETTINGS entry has its flag, a description and a default the README can show', () => {
    expect(Object.keys(SETTINGS)).toEqual(SETTING_NAMES);
    expect(new Set(SETTING_FLAGS).size).toBe(SETTING_NAMES.length);
    for (const name of SETTING_NAMES) {
      const spec: SettingSpec = SETTING_SPECS[name];
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      // The flag is the env name spelled as a flag, as the README's first sentence promises.
      expect(spec.flag).toBe(name.toLowerCase().replaceAll('_', '-'));
      expect(spec.doc.trim().length).toBeGreaterThan(10);
      expect(spec.doc).not.toContain('|');
      if (typeof spec.default === 'function') expect(spec.shown ?? '').not.toBe('');
    }
  });

  test('each field is filled by one setting; IMAP_* and S3_* fill `imap` and `s3` together', () => {
    const fields = SETTING_NAMES.flatMap((name) => {
      const { field }: SettingSpec = SETTING_SPECS[name];
      return field === undefined ? [] : [field];
    });
    expect(new Set(fields).size).toBe(fields.length);
    expect(Object.keys(loadConfig({})).sort()).toEqual([...fields, 'imap', 's3'].sort());
    const grouped = SETTING_NAMES.filter((name) => (SETTING_SPECS[name] as SettingSpec).field === undefined);
    expect(grouped.every((name) => /^(IMAP|S3)_/.test(name))).toBe(true);
  });

  test('loadConfig reads exactly the declared variables and flags', () => {
    // Every optional part switched on (IMAP, S3 with the AWS names, PostgreSQL), so every setting is read.
    const given = {
      IMAP_URL: 'imaps://u:p@mail.example.com/INBOX',
      S3_BUCKET: 'inv',
      AWS_ACCESS_KEY_ID: 'AKIA1',
      AWS_SECRET_ACCESS_KEY: 'secret-1',
      DATABASE_URL: 'postgres://h/db',
    };
    const envRead = new Set<string>();
    const flagsRead = new Set<string>();
    const watched = (values: Record<string, string>, read: Set<string>) =>
      new Proxy(values, {
        get: (target, key) => {
          if (typeof key === 'string') read.add(key);
          return Reflect.get(target, key);
        },
      });
    const config = loadConfig(watched(given, envRead), watched({}, flagsRead), '/srv');
    expect(config.imap).not.toBeNull();
    expect(config.s3).not.toBeNull();
    expect([...envRead].sort()).toEqual([...SETTING_ENV_NAMES].sort());
    expect([...flagsRead].sort()).toEqual([...SETTING_FLAGS].sort());
  });
});
