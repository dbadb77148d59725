import type { RulePack } from '../rule-pack';
import { EXPECTED_RULESETS, isServiceProfile } from '../rule-pack-defaults';
import type { RulesetRun, Violation } from '../rules/types';
import { parseUntrustedXml } from '../xsd/parse-xml';
import { validateXsd } from '../xsd/validate-xsd';
import { stripBom } from '../xsd/xml-input';
import { customizationIdOfParsed } from './customization';
import { type RunOptions, runRuleset } from './run-ruleset';
import { loadSaxon, parseSource, type SaxonNode } from './saxon';

export interface ProfileResult {
  /** XSD first, then each Schematron ruleset in the profile's order. */
  rulesets: RulesetRun[];
  violations: Violation[];
}

/**
 * A part of a profile's check, for running the parts in two workers at once (rules-pool.ts): whether the
 * XML Schema step runs, and which of the profile's rulesets. Findings are graded as in the whole check
 * (every ruleset of the profile's severity overrides, BT-24 read from the document).
 */
export interface ProfilePart {
  xsd: boolean;
  rulesets: readonly string[];
}

export interface ProfileOptions extends RunOptions {
  /** Only this part of the check; the whole check when absent. */
  part?: ProfilePart;
}

/** What a profile reports when the pack cannot serve it: everything it should have run, `ran: false`. */
function notRun(profile: string, reason: string): ProfileResult {
  const expected = isServiceProfile(profile) ? EXPECTED_RULESETS[profile] : [];
  return {
    rulesets: [
      { id: 'xsd', label: 'XML Schema', version: '', ran: false, reason },
      ...expected.map((r) => ({ ...r, ran: false, reason })),
    ],
    violations: [],
  };
}

/**
 * The second tier of a compliance check: XML Schema, then every Schematron ruleset of the profile, on the
 * XML the service generated (or was given). Throws XmlInputError for XML that is not well-formed or
 * carries a DTD (HTTP 400 / 422), and an Error for a profile the service does not know; anything else,
 * including a missing rule pack, is reported through `rulesets[].ran` / `reason`.
 */
export async function runProfile(
  pack: RulePack,
  profile: string,
  xmlInput: string,
  options: ProfileOptions = {},
): Promise<ProfileResult> {
  const xml = stripBom(xmlInput);
  // Given as sent: the parser drops one byte-order mark and refuses a second.
  const doc = await parseUntrustedXml(xmlInput);
  try {
    const definition = pack.profiles.get(profile);
    if (definition === undefined) {
      if (!isServiceProfile(profile)) throw new Error(`unknown compliance profile ${profile}`);
      return notRun(
        profile,
        pack.available ? `the rule pack has no profile ${profile}` : (pack.reason ?? ''),
      );
    }
    const { part } = options;
    const rulesets: RulesetRun[] = [];
    const violations: Violation[] = [];
    if (part === undefined || part.xsd) {
      const xsd = await validateXsd(pack, definition.xsd, doc, xml);
      rulesets.push(xsd.run);
      violations.push(...xsd.violations);
    }
    const customizationId =
      options.customizationId === undefined ? customizationIdOfParsed(doc) : options.customizationId;
    const ids = definition.rulesets.filter((id) => part === undefined || part.rulesets.includes(id));
    // Parsed once for all the rulesets (0.3-0.7 s a time for a 1,000-line invoice): a transform leaves the
    // document as it was, and the key indexes it adds are named per loaded stylesheet.
    const source = ids.length > 1 ? await parseForSaxon(xml) : null;
    // One after another in this thread (saxon-js is synchronous); the rules pool runs a check in one worker,
    // or its two parts in two.
    for (const id of ids) {
      const result = await runRuleset(pack, id, xml, {
        cacheDir: options.cacheDir ?? null,
        customizationId,
        severitySources: definition.rulesets,
        source,
      });
      rulesets.push(result.run);
      violations.push(...result.violations);
    }
    return { rulesets, violations };
  } finally {
    doc.dispose();
  }
}

/** The document as saxon-js's own parser reads it; null when that parser refuses it (each ruleset says why). */
async function parseForSaxon(xml: string): Promise<SaxonNode | null> {
  try {
    return parseSource(await loadSaxon(), xml);
  } catch {
    return null;
  }
}
