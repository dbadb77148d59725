import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { copyPackFiles, packFiles } from '../einvoicing/rule-pack-files';
import {
  type ActiveRulePack,
  activeRulePack,
  EMBEDDED,
  installedPackDir,
  packSummary,
  readPackChoice,
  rulesetsRoot,
  writePackChoice,
} from '../einvoicing/rule-pack-store';
import { type PackVerification, verifyRulePack } from '../einvoicing/rule-pack-verify';
import { type ParsedArgs, UsageError } from './args';
import { requireInstallation } from './installation';

type Out = (line: string) => void;

/** `rules list | verify DIR | install DIR | rollback`: the official rule pack the service runs. */
export async function rulesCommand(config: Config, args: ParsedArgs, out: Out): Promise<number> {
  const [, sub, dir] = args.positionals;
  const json = args.switches.has('json');
  switch (sub) {
    case 'list':
      return list(activeRulePack(config, { unpack: false }), json, out);
    case 'verify': {
      const verification = await verify(needDir(dir, 'verify'), json, out);
      if (json) out(JSON.stringify(verificationJson(verification)));
      return verification.ok ? 0 : 1;
    }
    case 'install': {
      const packDir = needDir(dir, 'install');
      await requireEmbeddedInstallation(config);
      return install(config, packDir, json, out);
    }
    case 'rollback':
      await requireEmbeddedInstallation(config);
      return rollback(config, json, out);
    default:
      throw new UsageError(`unknown rules command "${sub ?? ''}": use list, verify, install or rollback`);
  }
}

/**
 * install and rollback write the pack's choice into the data dir: on a mistyped DATA_DIR they would succeed
 * where no server looks, so it must exist (src/cli/installation.ts); an empty one is fine (a pack installed
 * before the first `serve`). With DATABASE_URL an instance's data dir holds only caches and may be new.
 */
async function requireEmbeddedInstallation(config: Config): Promise<void> {
  await requireInstallation(config);
}

function needDir(dir: string | undefined, sub: string): string {
  if (dir === undefined || dir.trim() === '') throw new UsageError(`rules ${sub} needs the pack's DIR`);
  return resolve(dir);
}

const ORIGIN_TEXT: Record<ActiveRulePack['origin'], string> = {
  rulesets_dir: 'RULESETS_DIR',
  installed: 'installed in the data dir',
  embedded: 'embedded in this release',
};

function list(active: ActiveRulePack, json: boolean, out: Out): number {
  const { pack } = active;
  if (json) {
    out(JSON.stringify({ ...packSummary(pack, active.origin), name: active.name }));
    return pack.available ? 0 : 1;
  }
  const name = active.origin === 'embedded' ? '' : ` (${active.name})`;
  out(
    `Rule pack ${ORIGIN_TEXT[active.origin]}${name}${pack.available ? '' : `: not usable, ${pack.reason}`}`,
  );
  for (const r of pack.rulesets.values()) {
    out(`  ${r.id}  ${r.version}  valid from ${r.validFrom ?? '(not stated)'}`);
    if (r.source !== null) out(`      source: ${r.source}`);
  }
  return pack.available ? 0 : 1;
}

async function verify(dir: string, json: boolean, out: Out): Promise<PackVerification> {
  const verification = await verifyRulePack(dir, json ? undefined : (line) => out(`  checking ${line}`));
  if (json) return verification;
  if (verification.ok) {
    const { examples } = verification;
    out(
      `Rule pack ${dir} is valid: ${verification.stylesheets} stylesheets and ${verification.schemas} schemas load, ` +
        `${examples.passed} of ${examples.run} official examples pass.`,
    );
  } else {
    out(`Rule pack ${dir} is NOT valid:`);
    for (const problem of verification.problems) out(`  - ${problem}`);
  }
  return verification;
}

function verificationJson(v: PackVerification) {
  return {
    valid: v.ok,
    problems: v.problems,
    stylesheets: v.stylesheets,
    schemas: v.schemas,
    examples: v.examples,
    rulesets: packSummary(v.pack, 'rulesets_dir').data,
  };
}

/**
 * Verified first; then the pack's files (those packFiles names: not its examples) are copied under
 * `<DATA_DIR>/rulesets/packs/`, and active.json is switched by a rename. The pack active before is kept for
 * `rules rollback`; older ones are removed. A running server keeps its pack until it restarts.
 */
async function install(config: Config, dir: string, json: boolean, out: Out): Promise<number> {
  const verification = await verify(dir, json, out);
  if (!verification.ok) {
    if (json) out(JSON.stringify({ installed: false, ...verificationJson(verification) }));
    else out('Nothing was installed.');
    return 1;
  }
  const files = packFiles(dir);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(dir, ...file.split('/'))));
  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const name = `${stamp}-${hash.digest('hex').slice(0, 12)}`;
  const target = installedPackDir(config.dataDir, name);
  const temporary = `${target}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  copyPackFiles(dir, temporary, files);
  renameSync(temporary, target);

  const before = readPackChoice(config.dataDir);
  writePackChoice(config.dataDir, { current: name, previous: before.current });
  removeUnused(config.dataDir, [name, before.current]);
  if (json)
    out(
      JSON.stringify({ installed: true, name, previous: before.current, ...verificationJson(verification) }),
    );
  else {
    out(`Installed as ${name}; the pack used before (${before.current}) is kept for "rules rollback".`);
    out(restartHint(config));
  }
  return 0;
}

function rollback(config: Config, json: boolean, out: Out): number {
  const choice = readPackChoice(config.dataDir);
  if (choice.previous === null) {
    throw new Error('nothing to roll back to: no rule pack was installed in this data dir');
  }
  if (choice.previous !== EMBEDDED && !existsSync(installedPackDir(config.dataDir, choice.previous))) {
    throw new Error(`the previous rule pack ${choice.previous} is no longer in the data dir`);
  }
  writePackChoice(config.dataDir, { current: choice.previous, previous: choice.current });
  if (json) out(JSON.stringify({ current: choice.previous, previous: choice.current }));
  else {
    out(`Rolled back to ${choice.previous}; "rules rollback" again returns to ${choice.current}.`);
    out(restartHint(config));
  }
  return 0;
}

function restartHint(config: Config): string {
  return config.rulesetsDir === null
    ? 'A running server uses it after a restart.'
    : `RULESETS_DIR (${config.rulesetsDir}) is set and takes precedence: unset it to use the installed pack.`;
}

/** Installed packs neither active nor kept for rollback (and interrupted copies). */
function removeUnused(dataDir: string, keep: string[]): void {
  const packs = join(rulesetsRoot(dataDir), 'packs');
  for (const entry of readdirSync(packs)) {
    if (!keep.includes(entry)) rmSync(join(packs, entry), { recursive: true, force: true });
  }
}
