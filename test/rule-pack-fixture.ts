// A one-ruleset rule pack in a temp dir, made of symlinks into the official pack, for tests of how the
// service loads, compiles and caches rules.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sharedPath } from './shared-material';

export const OFFICIAL_RULESETS = sharedPath('rulesets');

export interface FixtureRuleset {
  id: string;
  syntax: 'ubl' | 'cii';
  xslt: string;
  /** The pack's precompiled SEF; left out, the pack ships only the XSLT. */
  sef?: string;
  /** Also declare a profile of that id using only this ruleset. */
  profile?: string;
}

/** Writes the pack into `<temp>/pack` (its folders linked from the official pack) and returns that dir. */
export function oneRulesetPack(temp: string, ruleset: FixtureRuleset): string {
  const packDir = join(temp, 'pack');
  mkdirSync(packDir);
  const folders = new Set([ruleset.xslt, ruleset.sef].flatMap((path) => (path ? [path.split('/')[0]] : [])));
  for (const folder of folders)
    symlinkSync(join(OFFICIAL_RULESETS, folder ?? ''), join(packDir, folder ?? ''));
  const { profile, ...entry } = ruleset;
  writeFileSync(
    join(packDir, 'manifest.json'),
    JSON.stringify({
      format: 1,
      rulesets: [{ label: ruleset.id, version: 'test', ...entry }],
      profiles: profile ? { [profile]: { syntax: ruleset.syntax, rulesets: [ruleset.id], xsd: [] } } : {},
    }),
  );
  return packDir;
}
