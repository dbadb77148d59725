import type { PackRuleset, RulePack } from '../rule-pack';
import type { RulesetRun, Violation } from '../rules/types';
import { assertNoDtd, stripBom } from '../xsd/xml-input';
import { customizationIdOf } from './customization';
import { loadSaxon, parseSource, type Saxon, type SaxonNode } from './saxon';
import { decideSeverity } from './severity';
import { loadStylesheet, quiet } from './stylesheets';
import { isSvrl, readSvrl } from './svrl';

export interface RunOptions {
  /** `<DATA_DIR>/cache/sef`: where SEFs compiled from a pack's XSLT are kept between runs. */
  cacheDir?: string | null;
  /** BT-24 for the manifest's severity overrides; read from the XML when not given. */
  customizationId?: string | null;
  /**
   * Rulesets whose manifest severities apply to this run's findings; default: the ruleset itself.
   * runProfile passes the whole profile (see severityOverride).
   */
  severitySources?: readonly string[];
  /** The same XML already parsed by saxon-js (runProfile parses it once for all its rulesets). */
  source?: SaxonNode | null;
}

export interface RulesetResult {
  run: RulesetRun;
  violations: Violation[];
}

export const TRANSFORM_ERROR = 'TRANSFORM-ERROR';

/** The part of a saxon-js error worth showing: its code (FORG0001, XPTY0004...) and first line. */
function describe(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  const message = String(e.message ?? error).split('\n')[0] ?? '';
  return `${code}${message}`.slice(0, 500);
}

/**
 * Runs one Schematron ruleset of the pack on an XML string. Outcomes are values: a ruleset that cannot run
 * says so (`ran: false` + reason); a transform that throws on this document (the CEN CII stylesheet does
 * on an empty amount) is a fatal TRANSFORM-ERROR finding, because a check that broke down is not a pass.
 * Throws only XmlInputError, for XML with a DOCTYPE or entities (refused before saxon-js parses).
 */
export async function runRuleset(
  pack: RulePack,
  rulesetId: string,
  xmlInput: string,
  options: RunOptions = {},
): Promise<RulesetResult> {
  const ruleset = pack.rulesets.get(rulesetId);
  const run: RulesetRun = {
    id: rulesetId,
    label: ruleset?.label ?? rulesetId,
    version: ruleset?.version ?? '',
    ...(ruleset?.validFrom ? { valid_from: ruleset.validFrom } : {}),
    ran: false,
    reason: null,
  };
  if (!pack.available) return { run: { ...run, reason: pack.reason }, violations: [] };
  if (ruleset === undefined) {
    return { run: { ...run, reason: `ruleset ${rulesetId} is not in the rule pack` }, violations: [] };
  }
  if (!ruleset.available) return { run: { ...run, reason: ruleset.reason }, violations: [] };

  const xml = stripBom(xmlInput);
  assertNoDtd(xml);
  let saxon: Saxon;
  let sef: Awaited<ReturnType<typeof loadStylesheet>>;
  try {
    // Inside: a saxon-js that cannot be given XPath's semantics (xpath-semantics.ts) fails to load, and
    // then the ruleset did not run, which is never a pass.
    saxon = await loadSaxon();
    sef = await loadStylesheet(ruleset, options.cacheDir ?? null);
  } catch (error) {
    return { run: { ...run, reason: `stylesheet could not be loaded: ${describe(error)}` }, violations: [] };
  }
  const customizationId =
    options.customizationId === undefined ? customizationIdOf(saxon, xml) : options.customizationId;

  const ran = { ...run, ran: true };
  let result: unknown;
  try {
    // Parsed here when runProfile could not (a parse error is this ruleset's TRANSFORM-ERROR, as before).
    const sourceNode = options.source ?? parseSource(saxon, xml);
    result = saxon.transform(
      { stylesheetInternal: sef, sourceNode, destination: 'document', deliverMessage: quiet },
      'sync',
    ).principalResult;
    if (!isSvrl(result)) throw new Error('the stylesheet did not produce an SVRL report');
  } catch (error) {
    const violation: Violation = {
      rule: TRANSFORM_ERROR,
      path: '/',
      message: `the ${ruleset.label} rules could not be evaluated on this document: ${describe(error)}`,
      severity: 'fatal',
      ruleset: ruleset.id,
    };
    return { run: ran, violations: [violation] };
  }
  const sources = (options.severitySources ?? [ruleset.id])
    .map((id) => pack.rulesets.get(id))
    .filter((r): r is PackRuleset => r !== undefined);
  const violations = readSvrl(result).map(
    (f): Violation => ({
      rule: f.rule,
      path: f.location,
      message: f.message,
      severity: decideSeverity(sources, f.rule, f.flag, customizationId),
      ruleset: ruleset.id,
    }),
  );
  return { run: ran, violations };
}
