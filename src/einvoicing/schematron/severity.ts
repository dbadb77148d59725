import { type PackRuleset, severityOverride } from '../rule-pack';
import type { Severity } from '../rules/types';

/**
 * The API knows two severities (SPEC 2: `fatal` | `warning`; SPEC 4 rule 1: only fatal changes `valid`).
 * Schematron flags and the manifest's KoSIT overrides use four levels:
 * - `fatal`, `error`, no flag at all (the Factur-X Schematron) or an unknown word -> `fatal`: a rule whose
 *   weight we cannot read is treated as binding, never silently as advice;
 * - `warning` -> `warning`;
 * - `information` -> `warning`: KoSIT reports information findings without rejecting the invoice, which is
 *   exactly what an advisory warning is here. Kept rather than dropped so that nothing an official
 *   validator would show disappears (XRechnung's BR-DE-TMP-32, for example, is information).
 */
export function apiSeverity(level: string | null | undefined): Severity {
  switch (level?.trim().toLowerCase()) {
    case 'warning':
    case 'warn':
    case 'information':
    case 'info':
      return 'warning';
    default:
      return 'fatal';
  }
}

/** The manifest beats the stylesheet's @flag: that is how KoSIT scenarios adjust the official rules. */
export function decideSeverity(
  sources: readonly PackRuleset[],
  rule: string,
  flag: string | null,
  customizationId: string | null,
): Severity {
  return apiSeverity(severityOverride(sources, rule, customizationId) ?? flag);
}
