import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { EMBEDDED_RULE_PACK } from './embedded-rule-pack';
import { loadRulePack, type RulePack } from './rule-pack';

/** This thread's id, for temporary files' names: node:worker_threads is loaded by the first write, not at start. */
const threadId = (): number =>
  (require('node:worker_threads') as typeof import('node:worker_threads')).threadId;

/**
 * Which rule pack the service runs, in this order: RULESETS_DIR when set; else the pack an operator
 * installed into the data dir (`rules install`); else the official pack embedded in the executable
 * (assets/rulesets, copied by scripts/vendor-rules.ts). So a fresh install checks with the official rules
 * offline and with no setup, and a newer pack needs no new release.
 *
 * Layout under `<DATA_DIR>/rulesets/`: `packs/<name>/` holds installed packs, `active.json` names the current
 * and the previous one (`embedded` for the built-in), replaced by a rename so a reader sees the old or the new
 * choice, never half; `embedded-<digest>/` is the built-in pack unpacked (see embeddedRulePack).
 */
export type PackOrigin = 'rulesets_dir' | 'installed' | 'embedded';

export interface ActiveRulePack {
  pack: RulePack;
  origin: PackOrigin;
  /** The installed pack's folder name, or `embedded`, or the RULESETS_DIR path. */
  name: string;
}

export const EMBEDDED = 'embedded';

export interface PackChoice {
  current: string;
  previous: string | null;
}

export function rulesetsRoot(dataDir: string): string {
  return join(dataDir, 'rulesets');
}

const choiceFile = (dataDir: string) => join(rulesetsRoot(dataDir), 'active.json');
export const installedPackDir = (dataDir: string, name: string) => join(rulesetsRoot(dataDir), 'packs', name);

/** The recorded choice; none recorded (or unreadable) means the embedded pack, with nothing to roll back to. */
export function readPackChoice(dataDir: string): PackChoice {
  try {
    const raw = JSON.parse(readFileSync(choiceFile(dataDir), 'utf8')) as Partial<PackChoice>;
    if (typeof raw.current === 'string' && raw.current !== '') {
      return { current: raw.current, previous: typeof raw.previous === 'string' ? raw.previous : null };
    }
  } catch {
    // No choice recorded yet.
  }
  return { current: EMBEDDED, previous: null };
}

/** Replaces active.json by a rename: a server starting meanwhile reads the old choice or the new one. */
export function writePackChoice(dataDir: string, choice: PackChoice): void {
  const file = choiceFile(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${threadId()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(choice, null, 2)}\n`);
  renameSync(temporary, file);
}

export interface EmbeddedPack {
  digest: string;
  files: ReadonlyArray<readonly [string, string]>;
  sefCache?: ReadonlyArray<readonly [string, string]>;
}

/** Where the service keeps SEFs it compiled (deps.ts `sefCacheDir`). */
export const sefCacheDir = (dataDir: string) => join(dataDir, 'cache', 'sef');

export function activeRulePack(
  settings: { rulesetsDir: string | null; dataDir: string },
  options: { unpack?: boolean; embedded?: EmbeddedPack } = {},
): ActiveRulePack {
  if (settings.rulesetsDir !== null) {
    return { pack: loadRulePack(settings.rulesetsDir), origin: 'rulesets_dir', name: settings.rulesetsDir };
  }
  const { current } = readPackChoice(settings.dataDir);
  if (current !== EMBEDDED) {
    return {
      pack: loadRulePack(installedPackDir(settings.dataDir, current)),
      origin: 'installed',
      name: current,
    };
  }
  const pack = embeddedRulePack(
    settings.dataDir,
    options.embedded ?? EMBEDDED_RULE_PACK,
    options.unpack ?? true,
  );
  return { pack, origin: 'embedded', name: EMBEDDED };
}

/**
 * The embedded pack. Run from the sources (`bun src/main.ts`, tests) its imports are the files of
 * assets/rulesets themselves, laid out as a pack: used where they are. In the executable they are flat,
 * renamed entries of its own file system, which libxml2 cannot open and a worker cannot list: they are
 * written out under the data dir once per release, on the first check (about 40 MiB with the compiled
 * stylesheets, 150-200 ms on a busy machine; not at start-up, which would also keep the embedded files'
 * pages resident in an idle server), into a temporary folder renamed into place so a half-written pack is
 * never loaded. Until then the pack answers from the embedded manifest; `prepare` writes it.
 */
function embeddedRulePack(dataDir: string, embedded: EmbeddedPack, unpack: boolean): RulePack {
  const manifest = embedded.files.find(([path]) => path === 'manifest.json')?.[1];
  if (manifest === undefined) return loadRulePack(null);
  const root = dirname(manifest);
  if (embedded.files.every(([path, file]) => join(root, ...path.split('/')) === file)) {
    // In place; only the compiled stylesheets are copied into the data dir's cache, by the first check.
    const pack = loadRulePack(root);
    if (unpack && pack.available && (embedded.sefCache?.length ?? 0) > 0) {
      preparedBy(pack, () => seedSefCache(dataDir, embedded), 'the compiled rules could not be written');
    }
    return pack;
  }
  const target = join(rulesetsRoot(dataDir), `embedded-${embedded.digest}`);
  if (existsSync(join(target, 'manifest.json'))) return loadRulePack(target);
  const names = new Set(embedded.files.map(([path]) => path));
  const pack = loadRulePack(target, { manifest: readFileSync(manifest, 'utf8'), has: (p) => names.has(p) });
  if (unpack && pack.available) {
    preparedBy(
      pack,
      () => unpackEmbedded(dataDir, embedded, target),
      `the embedded rule pack could not be written to ${target}`,
    );
  }
  return pack;
}

/** Gives the pack its `prepare` (runs `work` once, on the first call) and `prepared`. */
function preparedBy(pack: RulePack, work: () => Promise<void>, failure: string): void {
  const { promise, resolve } = Promise.withResolvers<void>();
  let started = false;
  pack.prepared = promise;
  pack.prepare = () => {
    if (!started) {
      started = true;
      work()
        .catch((error: Error) => {
          pack.available = false;
          pack.reason = `${failure}: ${error.message}`;
        })
        .then(resolve);
    }
    return promise;
  };
}

/**
 * The stylesheets compiled at vendor time, into the SEF cache under their names: once the pack is in
 * place, its checks and the background compile find them (a name whose key no longer matches, after a
 * change of the rewrites, is simply never read).
 */
async function seedSefCache(dataDir: string, embedded: EmbeddedPack): Promise<void> {
  for (const [name, file] of embedded.sefCache ?? []) {
    const out = join(sefCacheDir(dataDir), name);
    if (!existsSync(out)) await writeAtomically(out, file);
  }
}

async function unpackEmbedded(dataDir: string, embedded: EmbeddedPack, target: string): Promise<void> {
  const temporary = `${target}.${process.pid}.${threadId()}.tmp`;
  await rm(temporary, { recursive: true, force: true });
  await seedSefCache(dataDir, embedded);
  try {
    for (const [path, file] of embedded.files) {
      await Bun.write(join(temporary, ...path.split('/')), Bun.file(file), { createPath: true });
    }
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  try {
    await rename(temporary, target);
  } catch (error) {
    // Another process (a CLI run beside the server) unpacked it first: theirs is the same.
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(join(target, 'manifest.json'))) throw error;
  }
  await removeOtherEmbedded(dataDir, target);
}

async function writeAtomically(out: string, file: string): Promise<void> {
  const temporary = `${out}.${process.pid}.${threadId()}.tmp`;
  await Bun.write(temporary, Bun.file(file), { createPath: true });
  await rename(temporary, out);
}

/** Earlier releases' unpacked packs (about 22 MiB each) are not used by this one. */
async function removeOtherEmbedded(dataDir: string, keep: string): Promise<void> {
  for (const entry of readdirSync(rulesetsRoot(dataDir))) {
    const path = join(rulesetsRoot(dataDir), entry);
    if (entry.startsWith('embedded-') && path !== keep && !entry.endsWith('.tmp')) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

/** The active pack as `rules list --json` and GET /api/v1/reference/rulesets show it. */
export function packSummary(pack: RulePack, origin: PackOrigin) {
  return {
    origin,
    available: pack.available,
    reason: pack.reason,
    data: [...pack.rulesets.values()].map((r) => ({
      id: r.id,
      label: r.label,
      version: r.version,
      valid_from: r.validFrom,
      syntax: r.syntax,
      source: r.source,
      licence: r.licence,
    })),
    profiles: [...pack.profiles.values()].map((p) => ({
      id: p.id,
      syntax: p.syntax,
      rulesets: [...p.rulesets],
      xsd: [...p.xsd],
    })),
  };
}
