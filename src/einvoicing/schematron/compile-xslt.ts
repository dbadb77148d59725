import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import saxonPackage from 'saxon-js/package.json' with { type: 'json' };
import { lookUpCodeLists } from './code-list-lookups';
import { dropEmptyWalks } from './drop-empty-walks';
import { dropRuleRecords } from './drop-rule-records';
import { factorUnionPredicates } from './factor-union-predicates';
import { groupSchxsltReport } from './group-schxslt-report';
import { hoistDescendantScans } from './hoist-descendant-scans';
import { hoistRootChildren } from './hoist-root-children';
import type { Saxon, SefNode } from './saxon';
import { sefChecksum } from './sef-checksum';
import { fastSiblingPositions } from './sibling-positions';
import { walkElementsOnly } from './walk-elements-only';

/**
 * saxon-js computes `xs:integer(...) mod 97` wrongly above 2^53, so the IBAN checks (BR-DE-19 / DE-R-019)
 * give false findings. Reading the digits as xs:decimal gives the exact result; the pack's SEF files were
 * compiled after the same replacement (rule pack README).
 */
const MOD97_DEFECT = 'xs:integer(string-join(for $cp';
const MOD97_FIX = 'xs:decimal(string-join(for $cp';

export function fixMod97(xslt: string): string {
  return xslt.replaceAll(MOD97_DEFECT, MOD97_FIX);
}

/** Bumped when the rewrites or the compile options change, so stale cache entries are not reused. */
const CACHE_GENERATION = '17';

/**
 * Compiles an XSLT to a SEF with saxon-js's built-in compiler, the same way saxon-js's own fn:transform
 * does (its `compile-complete` mode). That path is used because fn:transform keeps the SEF to itself, and
 * the public `transform()` refuses to run the built-in compiler SEF directly. Slow (5-25 s): callers cache.
 */
export function compileXslt(saxon: Saxon, xsltText: string, baseUri: string): SefNode {
  const platform = saxon.getPlatform();
  const compiler = platform.resource('compiler');
  linkParents(compiler);
  const source = platform.parseXmlFromString(xsltText) as unknown as Record<string, unknown>;
  // The compiler resolves xsl:include/import and reports locations against the document's base URI.
  source._saxonBaseUri = baseUri;
  source._saxonDocUri = baseUri;
  const options = saxon.checkOptions({
    stylesheetInternal: compiler,
    isRelocatableStylesheet: compiler.relocatable === 'true',
    isDynamicStylesheet: true,
    stylesheetParams: { 'Q{}staticParameters': new saxon.XdmMap() },
    tunnelParams: { 'Q{}compiler.options': new saxon.XdmMap() },
    templateParams: {
      'Q{}options': {
        noXPath: false,
        'enable-assertions': false,
        allowSyntaxExtensions: false,
        relocatable: true,
      },
    },
    functionParams: {},
    outputProperties: {},
    initialMode: 'compile-complete',
    destination: 'application',
  });
  saxon.internalTransform(compiler, source as never, options);
  const result = options.principalResult as { firstChild?: unknown } | null;
  if (result === null || typeof result !== 'object') throw new Error('the XSLT compiler returned nothing');
  const sef = saxon.XPath.sefToJSON((result.firstChild ?? result) as never);
  sef.Σ = sefChecksum(sef);
  return sef;
}

/** The parent links saxon-js adds when it primes a SEF; its compiler SEF needs them before it runs. */
function linkParents(node: SefNode): void {
  for (const child of node.C ?? []) {
    (child as SefNode & { parentNode?: SefNode }).parentNode = node;
    linkParents(child);
  }
}

/** SEF JSON without the parent links, which are cycles. */
export function serializeSef(sef: SefNode): string {
  return JSON.stringify(sef, (key, value) => (key === 'parentNode' || key === 'PRIMED' ? undefined : value));
}

/**
 * The rewrites applied to an XSLT before compiling: the mod 97 defect, then the speed rewrites (code lists
 * looked up in one comparison, a predicate shared by a pattern's alternatives applied after their union, the walks through the invoice over elements only, the ISO skeleton's empty document walks dropped, hoisted
 * descendant scans and document-wide expressions, the invoice's children read once per name, SchXslt's
 * report grouped by pattern), then the records of fired rules nobody reads dropped
 * (drop-rule-records.ts). Each is pattern-based and leaves a stylesheet it does not recognise unchanged.
 */
export function rewriteForSaxonJs(xslt: string): string {
  return fastSiblingPositions(
    dropRuleRecords(
      groupSchxsltReport(
        hoistRootChildren(
          hoistDescendantScans(
            dropEmptyWalks(walkElementsOnly(factorUnionPredicates(lookUpCodeLists(fixMod97(xslt))))),
          ),
        ),
      ),
    ),
  );
}

/**
 * The SEF text (JSON, with its checksum) of a pack's XSLT file, compiled after every rewrite of
 * rewriteForSaxonJs: what the service runs. The one entry point for anything that precompiles rulesets
 * (the data dir cache here, a build step that embeds SEFs): compiling with compileXslt alone would skip
 * the rewrites.
 */
export function compileRulesetXslt(saxon: Saxon, xsltPath: string): string {
  const xslt = rewriteForSaxonJs(readFileSync(xsltPath, 'utf8'));
  return serializeSef(compileXslt(saxon, xslt, pathToFileURL(xsltPath).href));
}

/**
 * Where the compiled SEF of the XSLT at `xsltPath` is cached: keyed by the pack's XSLT bytes, the rewrites'
 * generation and the saxon-js release (from its package.json, not the loaded processor). So whether the cache
 * is complete can be told without importing saxon-js (300 ms and MiBs a server would keep) and without
 * decoding or rewriting megabytes of XSLT (a few ms of hashing).
 */
function cacheFile(rulesetId: string, xsltPath: string, cacheDir: string | null): string | null {
  if (cacheDir === null) return null;
  const key = createHash('sha256')
    .update(`${CACHE_GENERATION}\n${saxonPackage.version}\n`)
    .update(readFileSync(xsltPath))
    .digest('hex');
  return join(cacheDir, `${rulesetId}-${key.slice(0, 16)}.sef.json`);
}

/** Where an earlier run left the compiled SEF of this XSLT in the cache; null if none did (never compiles). */
export function cachedSefPath(rulesetId: string, xsltPath: string, cacheDir: string | null): string | null {
  const file = cacheFile(rulesetId, xsltPath, cacheDir);
  return file !== null && existsSync(file) ? file : null;
}

/**
 * The SEF of an XSLT, from `<cacheDir>/<id>-<hash>.sef.json` when an earlier run compiled the same
 * stylesheet text with the same saxon-js, else compiled now and written there (atomically, so two processes
 * racing on a cold cache never read half a file). `compiled` says which.
 */
export function cachedSef(
  saxon: Saxon,
  rulesetId: string,
  xsltPath: string,
  cacheDir: string | null,
): { text: string; compiled: boolean } {
  const file = cacheFile(rulesetId, xsltPath, cacheDir);
  if (file !== null && existsSync(file)) return { text: readFileSync(file, 'utf8'), compiled: false };

  const text = compileRulesetXslt(saxon, xsltPath);
  if (file !== null && cacheDir !== null) {
    mkdirSync(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${threadId}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file);
  }
  return { text, compiled: true };
}
