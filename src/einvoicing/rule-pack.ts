import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { parseManifest, type RawSeverity } from './rule-pack-manifest';

export type { RawSeverity } from './rule-pack-manifest';

/** One Schematron ruleset of the pack. Paths are absolute and only set when the file exists. */
export interface PackRuleset {
  id: string;
  label: string;
  version: string;
  /** From the manifest: when this release came into force (YYYY-MM-DD); null when it does not say. */
  validFrom: string | null;
  /** Where the release comes from and its licence, as the manifest says (null when it does not). */
  source: string | null;
  licence: string | null;
  syntax: 'ubl' | 'cii';
  sefPath: string | null;
  xsltPath: string | null;
  /** Rule id -> severity, applied to every document (KoSIT scenario defaults). */
  severity: Readonly<Record<string, RawSeverity>>;
  /** Per CustomizationID (BT-24); a pattern ending in `*` matches by prefix. */
  severityByCustomization: ReadonlyArray<{
    pattern: string;
    overrides: Readonly<Record<string, RawSeverity>>;
  }>;
  /** False when neither a SEF nor an XSLT file is there; `reason` then says which files are missing. */
  available: boolean;
  reason: string | null;
}

export interface PackSchema {
  id: string;
  path: string;
  available: boolean;
  reason: string | null;
}

export interface PackProfile {
  id: string;
  syntax: 'ubl' | 'cii';
  rulesets: readonly string[];
  xsd: readonly string[];
}

/**
 * A loaded rule pack. Never thrown at callers: a missing directory, a missing or invalid manifest gives
 * `available: false` with a `reason`, and every ruleset of the service then reports `ran: false`.
 */
export interface RulePack {
  dir: string | null;
  /**
   * Set while the pack's files are not yet in `dir` (the embedded pack in the executable, before its first
   * use in a data dir): writes them (once; later calls wait for the same) and resolves when they are there.
   * Whatever reads the pack's files (a check) calls it first.
   */
  prepare?: () => Promise<void>;
  /** Resolves once `prepare` has run to its end, without starting it (the background compile waits on it). */
  prepared?: Promise<void>;
  available: boolean;
  reason: string | null;
  rulesets: ReadonlyMap<string, PackRuleset>;
  schemas: ReadonlyMap<string, PackSchema>;
  profiles: ReadonlyMap<string, PackProfile>;
  profileIds: readonly string[];
}

function unavailable(dir: string | null, reason: string): RulePack {
  return {
    dir,
    available: false,
    reason,
    rulesets: new Map(),
    schemas: new Map(),
    profiles: new Map(),
    profileIds: [],
  };
}

/** Resolves a manifest path inside the pack; the manifest may not point outside its own directory. */
function inside(dir: string, relative: string): string {
  if (isAbsolute(relative) || normalize(relative).split(/[\\/]/).includes('..')) {
    throw new Error(`path "${relative}" leaves the rule pack directory`);
  }
  return join(dir, relative);
}

/**
 * A pack whose files are not (yet) in its directory: the manifest's text and which pack-relative files it
 * will hold (the embedded pack, before it is unpacked).
 */
export interface PackFiles {
  manifest: string;
  has(relative: string): boolean;
}

export function loadRulePack(dirSetting: string | null | undefined, files?: PackFiles): RulePack {
  if (dirSetting === null || dirSetting === undefined || dirSetting.trim() === '') {
    return unavailable(null, 'no rule pack configured (RULESETS_DIR is not set)');
  }
  const dir = resolve(dirSetting);
  if (files === undefined && (!existsSync(dir) || !statSync(dir).isDirectory())) {
    return unavailable(dir, `rule pack directory ${dir} does not exist`);
  }
  const manifestPath = join(dir, 'manifest.json');
  if (files === undefined && !existsSync(manifestPath)) {
    return unavailable(dir, `rule pack has no manifest.json in ${dir}`);
  }
  const fileOrNull = (path: string | null): string | null => {
    if (path === null) return null;
    if (files !== undefined) return files.has(relative(dir, path).split(sep).join('/')) ? path : null;
    return existsSync(path) && statSync(path).isFile() ? path : null;
  };

  try {
    const text = files === undefined ? readFileSync(manifestPath, 'utf8') : files.manifest;
    const manifest = parseManifest(JSON.parse(text));
    const rulesets = new Map<string, PackRuleset>();
    for (const entry of manifest.rulesets) {
      const sef = entry.sef === undefined ? null : inside(dir, entry.sef);
      const xslt = entry.xslt === undefined ? null : inside(dir, entry.xslt);
      const sefPath = fileOrNull(sef);
      const xsltPath = fileOrNull(xslt);
      const available = sefPath !== null || xsltPath !== null;
      const missing = [sef, xslt].filter((p): p is string => p !== null).join(' or ');
      rulesets.set(entry.id, {
        id: entry.id,
        label: entry.label,
        version: entry.version,
        validFrom: entry.valid_from ?? null,
        source: entry.source ?? null,
        licence: entry.licence ?? null,
        syntax: entry.syntax,
        sefPath,
        xsltPath,
        severity: entry.severity,
        severityByCustomization: Object.entries(entry.severity_by_customization).map(([pattern, o]) => ({
          pattern,
          overrides: o,
        })),
        available,
        reason: available ? null : `ruleset artefact missing: ${missing || 'no sef or xslt in manifest'}`,
      });
    }
    const schemas = new Map<string, PackSchema>();
    for (const [id, relative] of Object.entries(manifest.xsd)) {
      const path = inside(dir, relative);
      const available = fileOrNull(path) !== null;
      schemas.set(id, { id, path, available, reason: available ? null : `schema file missing: ${path}` });
    }
    const profiles = new Map<string, PackProfile>();
    for (const [id, p] of Object.entries(manifest.profiles)) {
      for (const r of p.rulesets) {
        if (!rulesets.has(r)) throw new Error(`profile ${id} names unknown ruleset ${r}`);
      }
      for (const x of p.xsd) if (!schemas.has(x)) throw new Error(`profile ${id} names unknown xsd ${x}`);
      profiles.set(id, { id, syntax: p.syntax, rulesets: p.rulesets, xsd: p.xsd });
    }
    return {
      dir,
      available: true,
      reason: null,
      rulesets,
      schemas,
      profiles,
      profileIds: [...profiles.keys()],
    };
  } catch (error) {
    return unavailable(dir, `rule pack manifest ${manifestPath} is invalid: ${(error as Error).message}`);
  }
}

/** True when a manifest customization pattern covers the document's CustomizationID (BT-24). */
export function customizationMatches(pattern: string, customizationId: string): boolean {
  return pattern.endsWith('*')
    ? customizationId.startsWith(pattern.slice(0, -1))
    : pattern === customizationId;
}

/**
 * The manifest's severity for a rule, if it overrides the Schematron flag. `sources` are the rulesets whose
 * overrides apply: for a profile, all of its rulesets, because KoSIT applies a scenario's severities to the
 * whole report and the XRechnung entries mostly re-grade EN 16931 rules (BR-CL-21, BR-CO-16, UBL-CR-646).
 * A CustomizationID-specific entry beats a ruleset-wide one; among matching patterns the exact one, then
 * the longest prefix wins; on a tie the later ruleset (the more specific specification) wins.
 */
export function severityOverride(
  sources: readonly PackRuleset[],
  rule: string,
  customizationId: string | null,
): RawSeverity | undefined {
  let best: { rank: number; level: RawSeverity } | undefined;
  if (customizationId !== null) {
    for (const ruleset of sources) {
      for (const c of ruleset.severityByCustomization) {
        const level = c.overrides[rule];
        if (level === undefined || !customizationMatches(c.pattern, customizationId)) continue;
        const r = rank(c.pattern);
        if (best === undefined || r >= best.rank) best = { rank: r, level };
      }
    }
  }
  if (best !== undefined) return best.level;
  let general: RawSeverity | undefined;
  for (const ruleset of sources) general = ruleset.severity[rule] ?? general;
  return general;
}

function rank(pattern: string): number {
  return pattern.endsWith('*') ? pattern.length : Number.MAX_SAFE_INTEGER;
}
