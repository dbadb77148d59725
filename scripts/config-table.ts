// `npm run settings:table`: writes the README's configuration table (between its settings markers) from the
// one declaration of the settings, src/config/settings.ts. `--check` writes nothing and exits 1 when the
// README's table is not the generated one (test/unit/config-table.test.ts fails then too).
//   bun scripts/config-table.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTING_NAMES, SETTING_SPECS, type SettingSpec } from '../src/config/settings';

export const README = join(import.meta.dir, '..', 'README.md');
export const START =
  '<!-- settings:start: generated from src/config/settings.ts by `npm run settings:table` -->';
export const END = '<!-- settings:end -->';

function defaultColumn(spec: SettingSpec): string {
  if (spec.shown !== undefined) return spec.shown;
  return typeof spec.default === 'string' ? `\`${spec.default}\`` : 'none';
}

function meaningColumn(spec: SettingSpec): string {
  return spec.fallback === undefined ? spec.doc : `${spec.doc}; fallback \`${spec.fallback}\``;
}

/** The table, one row per setting in the declaration's order. */
export function settingsTable(): string {
  const rows = SETTING_NAMES.map((name) => {
    const spec: SettingSpec = SETTING_SPECS[name];
    return `| \`${name}\` | \`--${spec.flag}\` | ${defaultColumn(spec)} | ${meaningColumn(spec)} |`;
  });
  return ['| Variable | Flag | Default | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** `readme` with the text between the markers replaced by the generated table. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) {
    throw new Error(`README.md has no settings table markers (${START} ... ${END})`);
  }
  return `${readme.slice(0, start + START.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}

if (import.meta.main) {
  const readme = readFileSync(README, 'utf8');
  const generated = withSettingsTable(readme);
  if (process.argv.includes('--check')) {
    if (generated !== readme) {
      console.error(
        "README.md's configuration table is not the one src/config/settings.ts declares: run `npm run settings:table`",
      );
      process.exit(1);
    }
  } else if (generated !== readme) {
    writeFileSync(README, generated);
    console.log('README.md: configuration table written');
  }
}
