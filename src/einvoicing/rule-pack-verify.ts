import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRulePack, type RulePack } from './rule-pack';

export interface PackVerification {
  ok: boolean;
  pack: RulePack;
  /** Each a sentence naming the file or example and what is wrong with it. */
  problems: string[];
  stylesheets: number;
  schemas: number;
  /** Official examples run (`examples/<profile>/*.xml`) and how many passed. */
  examples: { run: number; passed: number };
}

/** A broken example can report hundreds of findings: the first few say what is wrong. */
const FINDINGS_SHOWN = 3;

/**
 * What `rules verify` and `rules install` check before a pack is used: the manifest (shape, every path
 * inside the pack, profiles naming known rulesets and schemas), every file it names present, every
 * stylesheet loads in saxon-js (the SEF; the XSLT compiled when the pack has no SEF) and every XSD compiles in
 * libxml2, and every official example the pack carries (`examples/<profile>/*.xml`) passes its profile with
 * no fatal finding and every ruleset run. Returns problems as values; never throws for a bad pack.
 */
export async function verifyRulePack(
  dir: string,
  progress: (line: string) => void = () => {},
): Promise<PackVerification> {
  const pack = loadRulePack(dir);
  const result: PackVerification = {
    ok: false,
    pack,
    problems: [],
    stylesheets: 0,
    schemas: 0,
    examples: { run: 0, passed: 0 },
  };
  if (!pack.available) {
    result.problems.push(pack.reason ?? 'the rule pack cannot be read');
    return result;
  }
  for (const item of [...pack.rulesets.values(), ...pack.schemas.values()]) {
    if (!item.available) result.problems.push(item.reason ?? `${item.id} is missing`);
  }
  if (pack.profiles.size === 0) result.problems.push('the manifest names no profile');

  const { loadStylesheet } = await import('./schematron/stylesheets');
  for (const ruleset of pack.rulesets.values()) {
    if (!ruleset.available) continue;
    progress(`stylesheet ${ruleset.id} ${ruleset.version}`);
    try {
      await loadStylesheet(ruleset, null);
      result.stylesheets++;
    } catch (error) {
      result.problems.push(
        `ruleset ${ruleset.id}: its stylesheet ${ruleset.sefPath ?? ruleset.xsltPath} does not load: ${(error as Error).message}`,
      );
    }
  }
  const { loadSchema } = await import('./xsd/schemas');
  for (const schema of pack.schemas.values()) {
    if (!schema.available || pack.dir === null) continue;
    progress(`schema ${schema.id}`);
    try {
      await loadSchema(pack.dir, schema);
      result.schemas++;
    } catch (error) {
      result.problems.push((error as Error).message);
    }
  }
  if (result.problems.length === 0) await runExamples(pack, result, progress);
  result.ok = result.problems.length === 0;
  return result;
}

async function runExamples(
  pack: RulePack,
  result: PackVerification,
  progress: (line: string) => void,
): Promise<void> {
  const { runProfile } = await import('./schematron');
  for (const profile of pack.profileIds) {
    const folder = join(pack.dir ?? '', 'examples', profile);
    if (!existsSync(folder)) continue;
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.xml'))
      .sort();
    progress(`examples of ${profile}: ${files.length}`);
    for (const name of files) {
      result.examples.run++;
      const where = `example examples/${profile}/${name}`;
      try {
        const outcome = await runProfile(pack, profile, readFileSync(join(folder, name), 'utf8'));
        const notRun = outcome.rulesets.filter((r) => !r.ran);
        const fatal = outcome.violations.filter((v) => v.severity === 'fatal');
        if (notRun.length > 0) {
          result.problems.push(
            `${where}: not fully checked (${notRun.map((r) => `${r.id}: ${r.reason}`).join('; ')})`,
          );
        } else if (fatal.length > 0) {
          const shown = fatal.slice(0, FINDINGS_SHOWN).map((v) => `${v.rule} at ${v.path}: ${v.message}`);
          const more = fatal.length > FINDINGS_SHOWN ? ` (and ${fatal.length - FINDINGS_SHOWN} more)` : '';
          result.problems.push(`${where} fails its own profile: ${shown.join('; ')}${more}`);
        } else result.examples.passed++;
      } catch (error) {
        result.problems.push(`${where}: ${(error as Error).message}`);
      }
    }
  }
}
