import type { ComplianceProfile } from '../../../einvoicing/profiles';
import type { RulePack } from '../../../einvoicing/rule-pack';
import { EXPECTED_RULESETS } from '../../../einvoicing/rule-pack-defaults';
import { mandatoryFieldViolations, TIER1_RULESET } from '../../../einvoicing/rules/mandatory';
import { inScope } from '../../../einvoicing/rules/scope';
import type { RulesetRun, Violation } from '../../../einvoicing/rules/types';
import type { EAttachedFile } from '../../../einvoicing/semantic/types';
import { checkXmlLimits } from '../../../einvoicing/xsd/xml-limits';
import type { BlobStore } from '../../../storage/blob-store';
import { VERSION } from '../../../version';
import type { ProfileRunner } from '../../../workers/rules-pool';
import type { DocumentData } from '../../documents';
import type { AccountGate } from '../account-gate';
import type { ComplianceResult } from '../model';
import type { EInvoiceInput } from './write-einvoice';

export interface ComplianceDeps {
  pack: RulePack;
  /** Where SEFs compiled from a pack's XSLT are cached (`<DATA_DIR>/cache/sef`). */
  cacheDir: string | null;
  /** Tier 2: the server's worker pool (off the request thread, with a time limit), or in-process. */
  runProfile: ProfileRunner;
  /** At most this many tier-2 checks of one account at once (`validate-compliance`); beyond it 429. */
  gate: AccountGate;
  /** Where supporting documents' files (BG-24) are read from. */
  blobs: BlobStore;
}

/** The compliance dependencies out of the app's (routes, renders and batches share one shape). */
export function complianceDepsOf(deps: {
  rulePack: RulePack;
  sefCacheDir: string | null;
  runProfile: ProfileRunner;
  complianceGate: AccountGate;
  blobs: BlobStore;
}): ComplianceDeps {
  return {
    pack: deps.rulePack,
    cacheDir: deps.sefCacheDir,
    runProfile: deps.runProfile,
    gate: deps.complianceGate,
    blobs: deps.blobs,
  };
}

function result(
  profile: string,
  rulesets: RulesetRun[],
  violations: Violation[],
  countries: (string | null | undefined)[],
): ComplianceResult {
  const ran = rulesets.filter((r) => r.ran && r.version !== '');
  return {
    profile,
    ruleset_version: ran.map((r) => `${r.label} ${r.version}`).join('; '),
    valid: !violations.some((v) => v.severity === 'fatal'),
    in_scope: inScope(countries),
    fully_checked: rulesets.every((r) => r.ran),
    rulesets,
    violations,
  };
}

/**
 * Tier 1 (mandatory fields, request paths) always runs; tier 2 (XSD + the profile's official Schematron)
 * runs on the XML the service writes from the same data. When no XML can be written, or the rule pack is
 * missing, tier 2 reports `ran: false` with the reason, and `valid` rests on tier 1 alone.
 */
export async function checkDocumentCompliance(
  deps: ComplianceDeps,
  input: {
    profile: ComplianceProfile;
    documentType: string;
    data: DocumentData;
    attachedFiles?: (EAttachedFile | null)[];
  },
): Promise<ComplianceResult> {
  return (await assessDocument(deps, input)).result;
}

/** The check and the exact XML it checked (null when none could be written): Factur-X embeds those bytes. */
export async function assessDocument(
  deps: ComplianceDeps,
  input: EInvoiceInput,
): Promise<{ result: ComplianceResult; xml: string | null }> {
  const tier1: RulesetRun = { ...TIER1_RULESET, version: VERSION, ran: true, reason: null };
  const violations = mandatoryFieldViolations(input.data, input.profile);
  const { writeEInvoice } = await import('./write-einvoice');
  const written = writeEInvoice(input);
  let tier2: { rulesets: RulesetRun[]; violations: Violation[] };
  if (written.ok) {
    tier2 = await deps.runProfile(deps.pack, input.profile, written.xml, { cacheDir: deps.cacheDir });
  } else {
    const seen = new Set(violations.map((v) => `${v.rule}|${v.path}`));
    for (const p of written.problems) {
      if (!seen.has(`${p.rule}|${p.path}`))
        violations.push({ ...p, severity: 'fatal', ruleset: TIER1_RULESET.id });
    }
    const reason = notWrittenReason(written.problems);
    const expected = [{ id: 'xsd', label: 'XML Schema', version: '' }, ...EXPECTED_RULESETS[input.profile]];
    tier2 = { rulesets: expected.map((r) => ({ ...r, ran: false, reason })), violations: [] };
  }
  const countries = [input.data.seller?.address?.country, input.data.buyer?.address?.country];
  return {
    result: result(
      input.profile,
      [tier1, ...tier2.rulesets],
      [...violations, ...tier2.violations],
      countries,
    ),
    xml: written.ok ? written.xml : null,
  };
}

/** A document's own problems, not the rule pack's, kept the official rules from running: say which fields. */
export function notWrittenReason(problems: readonly { path: string; message: string }[]): string {
  const first = problems[0]?.message ?? 'the document is not an e-invoice';
  const fields = [...new Set(problems.map((p) => p.path).filter((p) => p !== '' && p !== '/'))];
  const fix = fields.length > 0 ? `; fix ${fields.join(', ')} (see violations) and check again` : '';
  return `the official rules did not run because no XML could be written from this document: ${first}${fix}`;
}

const COUNTRY_IN_XML = /<(?:cbc:IdentificationCode|ram:CountryID)[^>]*>\s*([A-Za-z]{2})\s*</g;

/** An e-invoice received from elsewhere: XSD and the official Schematron only (no request fields exist). */
export async function checkXmlCompliance(
  deps: ComplianceDeps,
  input: { profile: string; xml: string },
): Promise<ComplianceResult> {
  checkXmlLimits(input.xml);
  const tier2 = await deps.runProfile(deps.pack, input.profile, input.xml, { cacheDir: deps.cacheDir });
  const countries = [...input.xml.matchAll(COUNTRY_IN_XML)].map((m) => m[1]);
  return result(input.profile, tier2.rulesets, tier2.violations, countries);
}
