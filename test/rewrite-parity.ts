// Proof helper for the speed rewrites of the official stylesheets (src/einvoicing/schematron/compile-xslt.ts):
// runs a document through a ruleset's official SEF (the pack's, compiled from the unrewritten XSLT) and
// through the SEF the service compiles with the rewrites, and returns both finding lists to compare.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { cachedSef, cachedSefPath } from '../src/einvoicing/schematron/compile-xslt';
import { loadSaxon, type Saxon, type SefNode } from '../src/einvoicing/schematron/saxon';
import { readSvrl } from '../src/einvoicing/schematron/svrl';
import { OFFICIAL_RULESETS } from './rule-pack-fixture';

/**
 * Rewritten SEFs are cached here across test files and runs: entries are keyed by the XSLT bytes, the
 * rewrites' generation and the saxon-js release (cachedSef), so a stale one is never read.
 */
const CACHE = join(tmpdir(), 'invoice-rewrite-parity-sef');
/**
 * The SEFs the executable embeds (scripts/vendor-rules.ts), under the same keys: read first, so the proofs
 * check the stylesheets the service runs, not a compile of this process (saxon-js compiles a ruleset a little
 * differently after others in the same process: the vendoring compiles five in a row), and a clean machine
 * does not compile five rulesets again (90 s). A pack not vendored (a newer ../shared/rulesets) is compiled.
 */
const VENDORED_SEF_CACHE = join(import.meta.dir, '../assets/rulesets-sef-cache');

export interface ParityRuleset {
  id: string;
  syntax: 'ubl' | 'cii';
  official: SefNode;
  rewritten: SefNode;
}

/** Every ruleset of the official pack that has both a SEF and an XSLT, with both stylesheets loaded. */
export async function parityRulesets(): Promise<{ saxon: Saxon; rulesets: ParityRuleset[] }> {
  const saxon = await loadSaxon();
  const pack = loadRulePack(OFFICIAL_RULESETS);
  const rulesets: ParityRuleset[] = [];
  for (const r of pack.rulesets.values()) {
    if (r.sefPath === null || r.xsltPath === null || (r.syntax !== 'ubl' && r.syntax !== 'cii')) continue;
    rulesets.push({
      id: r.id,
      syntax: r.syntax,
      official: JSON.parse(readFileSync(r.sefPath, 'utf8')) as SefNode,
      rewritten: JSON.parse(
        vendoredSef(r.id, r.xsltPath) ?? cachedSef(saxon, r.id, r.xsltPath, CACHE).text,
      ) as SefNode,
    });
  }
  return { saxon, rulesets };
}

function vendoredSef(rulesetId: string, xsltPath: string): string | null {
  const path = cachedSefPath(rulesetId, xsltPath, VENDORED_SEF_CACHE);
  return path === null ? null : readFileSync(path, 'utf8');
}

/** The syntax a ruleset must have to check this document, read from its root element's namespace. */
export function syntaxOf(xml: string): 'ubl' | 'cii' | null {
  const root = /<(?:([\w.-]+):)?(Invoice|CreditNote|CrossIndustryInvoice)\b[^>]*>/.exec(xml.slice(0, 20_000));
  if (root === null) return null;
  const prefix = root[1] === undefined ? 'xmlns' : `xmlns:${root[1]}`;
  const namespace = new RegExp(`${prefix}\\s*=\\s*["']([^"']+)["']`).exec(root[0])?.[1] ?? '';
  if (/^urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2$/.test(namespace)) return 'ubl';
  if (namespace === 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100') return 'cii';
  return null;
}

/**
 * Findings as `rule flag location` lines (sorted), or the error a transform ended with. The document is
 * given as text (saxon-js parses it), or as the node `parse` makes of it (the service's own reader).
 */
export function findingsOf(
  saxon: Saxon,
  sef: SefNode,
  xml: string,
  parse?: (xml: string) => unknown,
): string[] {
  try {
    const source = parse === undefined ? { sourceText: xml } : { sourceNode: parse(xml) };
    const result = saxon.transform(
      { stylesheetInternal: sef, ...source, destination: 'document', deliverMessage: () => {} },
      'sync',
    ).principalResult;
    return readSvrl(result)
      .map((f) => `${f.rule} ${f.flag ?? '-'} ${f.location}`)
      .sort();
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    return [`transform error ${String(e.code ?? '')}: ${String(e.message ?? error).split('\n')[0]}`];
  }
}

/** XML files under a folder, recursively, as paths relative to it (sorted). */
export function xmlFilesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = relative === '' ? name : `${relative}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else if (/\.xml$/i.test(name)) out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** Mutations that make the official examples fail in many places, so findings (and locations) are compared. */
export const MUTANTS: Record<string, (xml: string) => string> = {
  // BR-21 at the first line; the payable amount off: BR-CO-16 and friends. No party with a VAT number:
  // BR-S-02 and its kind on every line, rules whose paths from the root hoist-root-children.ts reads once.
  'line id and payable amount': (xml) =>
    xml
      .replace(/(<cac:(?:Invoice|CreditNote)Line>\s*)<cbc:ID>[^<]*<\/cbc:ID>/, '$1')
      .replace(/(<ram:AssociatedDocumentLineDocument>\s*)<ram:LineID>[^<]*<\/ram:LineID>/, '$1')
      .replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$10.01')
      .replace(/(<ram:DuePayableAmount[^>]*>)[^<]*/, '$10.01')
      .replace(/<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/g, '')
      .replace(/schemeID="(?:VA|FC)"/g, 'schemeID="XX"'),
  // A currency no amount may have: a finding on every amount.
  currency: (xml) => xml.replace(/currencyID="[^"]*"/g, 'currencyID="XXX"'),
  // Every VAT category zero-rated, every country and VAT number Swedish: the VAT-category rules and the
  // national rules (whose contexts the rewrites touch) fire.
  'zero rate, Swedish parties': (xml) =>
    xml
      .replace(/(<cbc:ID>)S(<\/cbc:ID>)/g, '$1Z$2')
      .replace(/(<ram:CategoryCode>)S(<\/ram:CategoryCode>)/g, '$1Z$2')
      .replace(/(<cbc:IdentificationCode>)[A-Z]{2}(<\/cbc:IdentificationCode>)/g, '$1SE$2')
      .replace(/(<ram:CountryID>)[A-Z]{2}(<\/ram:CountryID>)/g, '$1SE$2')
      .replace(/(<cbc:CompanyID[^>]*>)[A-Z]{2}/g, '$1SE'),
  // Elements the CEN syntax rules forbid on lines and items, each found by a rule on the invoice through a
  // path over every line (the paths hoist-root-children.ts reads from an index).
  'forbidden line elements': (xml) =>
    xml
      .replace(/(<cac:(?:Invoice|CreditNote)Line>)/g, '$1<cbc:UUID>x</cbc:UUID>')
      .replace(/(<cac:Item>)/g, '$1<cbc:PackQuantity unitCode="C62">1</cbc:PackQuantity>')
      .replace(/(<ram:AssociatedDocumentLineDocument>)/g, '$1<ram:LineStatusCode>1</ram:LineStatusCode>')
      // No line's billed quantity has a unit, another quantity has: CII-DT-033 on each of those, whose path
      // from the root hoist-root-children.ts reads from a variable.
      .replace(/(<ram:BilledQuantity)\s+unitCode="[^"]*"/g, '$1')
      .replace(
        /(<ram:SpecifiedLineTradeDelivery>)/g,
        '$1<ram:ChargeFreeQuantity unitCode="C62">1</ram:ChargeFreeQuantity>',
      ),
};
