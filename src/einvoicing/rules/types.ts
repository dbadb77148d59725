export type Severity = 'fatal' | 'warning';

/** One finding, in the shape of SPEC 2's Compliance result `violations[]`. */
export interface Violation {
  rule: string;
  path: string;
  message: string;
  severity: Severity;
  ruleset: string;
}

export interface RulesetRun {
  id: string;
  label: string;
  version: string;
  /** When the pack's manifest says from when this release is in force (YYYY-MM-DD). */
  valid_from?: string;
  ran: boolean;
  reason: string | null;
}
