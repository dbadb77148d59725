import type { PackRuleset, PackSchema, RulePack } from '../rule-pack';
import { loadSchema, schemaNamespace } from '../xsd/schemas';
import { cachedSef } from './compile-xslt';
import type { ProfilePart } from './run-profile';
import { loadSaxon } from './saxon';
import { loadStylesheet } from './stylesheets';

export interface WarmedArtefact {
  id: string;
  ok: boolean;
  ms: number;
  reason: string | null;
}

/**
 * Loads and primes every stylesheet and schema the given profiles use, so that the first compliance check
 * after start-up does not pay 0.5-2 s of loading. Meant to be called in the background once the server
 * listens (never before: start-up must stay fast); failures are returned, not thrown, and the same
 * failure is what a later check reports as `ran: false`.
 */
export async function warmRulePack(
  pack: RulePack,
  options: {
    cacheDir?: string | null;
    profiles?: readonly string[];
    /** Only what this part of a check needs (a worker running one part loads only its stylesheets). */
    part?: ProfilePart;
    /**
     * The document's root namespace when known (rootNamespaceHint): of a profile's schemas only the one
     * for that root is compiled (UBL's CreditNote schema is not needed to check an Invoice); the check
     * compiles another if the parser reads the root otherwise.
     */
    rootNamespace?: string | null;
  } = {},
): Promise<WarmedArtefact[]> {
  const profiles = options.profiles ?? pack.profileIds;
  const { part } = options;
  const rulesetIds = new Set<string>();
  const schemaIds = new Set<string>();
  for (const id of profiles) {
    const profile = pack.profiles.get(id);
    for (const r of profile?.rulesets ?? [])
      if (part === undefined || part.rulesets.includes(r)) rulesetIds.add(r);
    for (const x of profile?.xsd ?? []) if (part === undefined || part.xsd) schemaIds.add(x);
  }
  const warmed: WarmedArtefact[] = [];
  const time = async (id: string, load: () => Promise<unknown>): Promise<void> => {
    const start = performance.now();
    try {
      await load();
      warmed.push({ id, ok: true, ms: performance.now() - start, reason: null });
    } catch (error) {
      warmed.push({ id, ok: false, ms: performance.now() - start, reason: (error as Error).message });
    }
  };
  for (const id of rulesetIds) {
    const ruleset = pack.rulesets.get(id);
    if (ruleset?.available) await time(id, () => loadStylesheet(ruleset, options.cacheDir ?? null));
  }
  for (const id of schemaIds) {
    const schema = pack.schemas.get(id);
    if (schema?.available && pack.dir !== null) {
      const dir = pack.dir;
      if (options.rootNamespace != null && !(await forRoot(schema, options.rootNamespace))) continue;
      await time(`xsd:${id}`, () => loadSchema(dir, schema));
    }
  }
  return warmed;
}

/** Whether a schema is the one for this root namespace (a schema that cannot be read is loaded anyway). */
async function forRoot(schema: PackSchema, root: string): Promise<boolean> {
  try {
    return (await schemaNamespace(schema)) === root;
  } catch {
    return true;
  }
}

/** The rulesets of these profiles that have an XSLT, hence a SEF this service can compile (each once). */
export function compilableRulesets(
  pack: RulePack,
  profiles: readonly string[] = pack.profileIds,
): (PackRuleset & { xsltPath: string })[] {
  const ids = new Set(profiles.flatMap((p) => pack.profiles.get(p)?.rulesets ?? []));
  return [...ids].flatMap((id) => {
    const ruleset = pack.rulesets.get(id);
    return ruleset?.xsltPath == null ? [] : [{ ...ruleset, xsltPath: ruleset.xsltPath }];
  });
}

export interface CompiledRuleset extends WarmedArtefact {
  /** false when an earlier run had already left the rewritten SEF in the cache. */
  compiled: boolean;
}

/**
 * Compiles the pack's XSLT with the speed rewrites (compile-xslt.ts) into `cacheDir`, so that later loads
 * use those SEFs instead of the pack's own (the EN 16931 UBL rules run in about half the time). Synchronous
 * saxon-js work of 10-30 s per ruleset on a cold cache: never on a request path or the server's event loop
 * (the service runs it in a worker, rules-compiler.ts). `onRuleset` hears of each ruleset as it is done.
 * Failures are returned, not thrown, and loads then use the pack's SEF.
 */
export async function compileRulePack(
  pack: RulePack,
  cacheDir: string,
  profiles: readonly string[] = pack.profileIds,
  onRuleset: (done: CompiledRuleset) => void = () => {},
): Promise<CompiledRuleset[]> {
  const saxon = await loadSaxon();
  const done: CompiledRuleset[] = [];
  for (const ruleset of compilableRulesets(pack, profiles)) {
    const id = ruleset.id;
    const start = performance.now();
    let result: CompiledRuleset;
    try {
      const { compiled } = cachedSef(saxon, id, ruleset.xsltPath, cacheDir);
      result = { id, ok: true, compiled, ms: performance.now() - start, reason: null };
    } catch (error) {
      result = {
        id,
        ok: false,
        compiled: false,
        ms: performance.now() - start,
        reason: (error as Error).message,
      };
    }
    done.push(result);
    onRuleset(result);
  }
  return done;
}
