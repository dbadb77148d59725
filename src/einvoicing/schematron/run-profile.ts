import type { RulePack } from '../rule-pack';
import { EXPECTED_RULESETS, isServiceProfile } from '../rule-pack-defaults';
import type { RulesetRun, Violation } from '../rules/types';
import { parseUntrustedXml } from '../xsd/parse-xml';
import { validateXsd } from '../xsd/validate-xsd';
import { stripBom } from '../xsd/xml-input';
import { customizationIdOf } from './customization';
import { type RunOptions, runRuleset } from './run-ruleset';
import { loadSaxon } from './saxon';

export interface ProfileResult {
  /** XSD first, then each Schematron ruleset in the profile's order. */
  rulesets: RulesetRun[];
  violations: Violation[];
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
 * declares entities (HTTP 400), and an Error for a profile the service does not know; anything else,
 * including a missing rule pack, is reported through `rulesets[].ran` / `reason`.
 */
export async function runProfile(
  pack: RulePack,
  profile: string,
  xmlInput: string,
  options: RunOptions = {},
): Promise<ProfileResult> {
  const xml = stripBom(xmlInput);
  const doc = await parseUntrustedXml(xml);
  try {
    const definition = pack.profiles.get(profile);
    if (definition === undefined) {
      if (!isServiceProfile(profile)) throw new Error(`unknown compliance profile ${profile}`);
      return notRun(
        profile,
        pack.available ? `the rule pack has no profile ${profile}` : (pack.reason ?? ''),
      );
    }
    const xsd = await validateXsd(pack, definition.xsd, doc);
    const rulesets: RulesetRun[] = [xsd.run];
    const violations: Violation[] = [...xsd.violations];
    const customizationId =
      options.customizationId === undefined
        ? customizationIdOf(await loadSaxon(), xml)
        : options.customizationId;
    // One after another: saxon-js is synchronous, so running them "in parallel" would only interleave.
    for (const id of definition.rulesets) {
      const result = await runRuleset(pack, id, xml, {
        cacheDir: options.cacheDir ?? null,
        customizationId,
        severitySources: definition.rulesets,
      });
      rulesets.push(result.run);
      violations.push(...result.violations);
    }
    return { rulesets, violations };
  } finally {
    doc.dispose();
  }
}
