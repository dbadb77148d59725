/**
 * Shape check of a rule pack's `manifest.json` (format 1). Hand-written rather than a schema library so that
 * an operator's broken pack gets one precise message ("rulesets[2].sef must be a string") in `reason`.
 */
export type RawSeverity = 'fatal' | 'error' | 'warning' | 'information';

export interface ManifestRuleset {
  id: string;
  label: string;
  version: string;
  /** The date from which the release is the one in force (YYYY-MM-DD), when the pack says. */
  valid_from?: string;
  syntax: 'ubl' | 'cii';
  sef?: string;
  xslt?: string;
  /** The Schematron source the XSLT was made from (shipped for reference; never run). */
  schematron?: string;
  /** Where the release comes from and under which licence, as the pack states it. */
  source?: string;
  licence?: string;
  severity: Record<string, RawSeverity>;
  severity_by_customization: Record<string, Record<string, RawSeverity>>;
}

export interface Manifest {
  format: 1;
  rulesets: ManifestRuleset[];
  xsd: Record<string, string>;
  profiles: Record<string, { syntax: 'ubl' | 'cii'; rulesets: string[]; xsd: string[] }>;
}

const SEVERITIES: readonly string[] = ['fatal', 'error', 'warning', 'information'];
const SYNTAXES: readonly string[] = ['ubl', 'cii'];

type Obj = Record<string, unknown>;

function object(value: unknown, where: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${where} must be an object`);
  }
  return value as Obj;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${where} must be a non-empty string`);
  return value;
}

function optionalString(value: unknown, where: string): string | undefined {
  return value === undefined ? undefined : string(value, where);
}

function oneOf<T extends string>(value: unknown, allowed: readonly string[], where: string): T {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new Error(`${where} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value.map((v, i) => string(v, `${where}[${i}]`));
}

function severities(value: unknown, where: string): Record<string, RawSeverity> {
  if (value === undefined) return {};
  const out: Record<string, RawSeverity> = {};
  for (const [rule, level] of Object.entries(object(value, where))) {
    out[rule] = oneOf<RawSeverity>(level, SEVERITIES, `${where}.${rule}`);
  }
  return out;
}

function ruleset(value: unknown, where: string): ManifestRuleset {
  const r = object(value, where);
  const sef = optionalString(r.sef, `${where}.sef`);
  const xslt = optionalString(r.xslt, `${where}.xslt`);
  if (sef === undefined && xslt === undefined) throw new Error(`${where} needs sef or xslt`);
  const byCustomization: Record<string, Record<string, RawSeverity>> = {};
  if (r.severity_by_customization !== undefined) {
    const all = object(r.severity_by_customization, `${where}.severity_by_customization`);
    for (const [pattern, overrides] of Object.entries(all)) {
      byCustomization[pattern] = severities(overrides, `${where}.severity_by_customization["${pattern}"]`);
    }
  }
  return {
    id: string(r.id, `${where}.id`),
    label: string(r.label, `${where}.label`),
    version: string(r.version, `${where}.version`),
    ...(r.valid_from === undefined ? {} : { valid_from: calendarDate(r.valid_from, `${where}.valid_from`) }),
    syntax: oneOf(r.syntax, SYNTAXES, `${where}.syntax`),
    ...(sef === undefined ? {} : { sef }),
    ...(xslt === undefined ? {} : { xslt }),
    ...optionalFields(r, where, ['schematron', 'source', 'licence']),
    severity: severities(r.severity, `${where}.severity`),
    severity_by_customization: byCustomization,
  };
}

function optionalFields<K extends string>(
  r: Obj,
  where: string,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = optionalString(r[key], `${where}.${key}`);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function calendarDate(value: unknown, where: string): string {
  const text = string(value, where);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error(`${where} must be a date YYYY-MM-DD`);
  return text;
}

export function parseManifest(value: unknown): Manifest {
  const m = object(value, 'manifest');
  if (m.format !== 1) throw new Error(`format must be 1, got ${JSON.stringify(m.format)}`);
  if (!Array.isArray(m.rulesets)) throw new Error('rulesets must be an array');
  const rulesets = m.rulesets.map((r, i) => ruleset(r, `rulesets[${i}]`));
  const ids = new Set<string>();
  for (const r of rulesets) {
    if (ids.has(r.id)) throw new Error(`ruleset id ${r.id} appears twice`);
    ids.add(r.id);
  }
  const xsd: Record<string, string> = {};
  for (const [id, path] of Object.entries(object(m.xsd ?? {}, 'xsd'))) xsd[id] = string(path, `xsd.${id}`);
  const profiles: Manifest['profiles'] = {};
  for (const [id, raw] of Object.entries(object(m.profiles, 'profiles'))) {
    const p = object(raw, `profiles.${id}`);
    profiles[id] = {
      syntax: oneOf(p.syntax, SYNTAXES, `profiles.${id}.syntax`),
      rulesets: stringList(p.rulesets, `profiles.${id}.rulesets`),
      xsd: p.xsd === undefined ? [] : stringList(p.xsd, `profiles.${id}.xsd`),
    };
  }
  return { format: 1, rulesets, xsd, profiles };
}
