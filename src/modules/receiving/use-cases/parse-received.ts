import type { AppDeps } from '../../../deps';
import { acceptsSpecification, type ComplianceProfile, PROFILES } from '../../../einvoicing/profiles';
import type { ReceivedInvoice } from '../../../einvoicing/receive';
import type { ReceivedFile, ReceivedReader } from '../../../einvoicing/received-file';
import { XmlInputError } from '../../../einvoicing/xsd/xml-input';
import { validationError } from '../../../shared/errors';
import {
  type ComplianceDeps,
  type ComplianceResult,
  checkXmlCompliance,
  complianceDepsOf,
} from '../../compliance';
import { verdictOf } from './verdicts';

export type { ReceivedFile } from '../../../einvoicing/received-file';

export interface ParsedEInvoice extends ReceivedInvoice {
  /** The one of the four profiles BT-24 names, or null (another Factur-X profile, an older XRechnung). */
  profile: ComplianceProfile | null;
  /** The official rules' verdict for that profile, or null when no profile applies. */
  compliance: ComplianceResult | null;
  /** The XML read (for a PDF, the embedded one). */
  xml: string;
}

/** What reading a received file needs: the reader (the receive worker pool in a server) and the rules. */
export interface ReceivingDeps {
  compliance: ComplianceDeps;
  read: ReceivedReader;
}

/** Reading in the receive workers, checking under the account's cap: what every receiving path uses. */
export function receivingDepsOf(deps: AppDeps): ReceivingDeps {
  return { compliance: complianceDepsOf(deps), read: deps.readReceived };
}

/** Whose file it is: the official rules run under the account's cap of concurrent checks. */
export interface ReceivingCaller {
  accountId: string;
  /** Wait for a place instead of answering 429 (background intake: nobody is there to retry). */
  wait?: boolean;
}

/**
 * BT-24 and the syntax name a profile when both are the profile's own, or BT-24 refines an XRechnung or
 * Peppol identifier (XRechnung's extension and CVD variants: the rule pack's severities know them).
 */
export function profileOf(syntax: 'ubl' | 'cii', customizationId: string | null): ComplianceProfile | null {
  if (customizationId === null) return null;
  const entry = (
    Object.entries(PROFILES) as [ComplianceProfile, (typeof PROFILES)[ComplianceProfile]][]
  ).find(([profile, spec]) => spec.syntax === syntax && acceptsSpecification(profile, customizationId));
  return entry?.[0] ?? null;
}

/**
 * Reads, maps and checks one received e-invoice; stores nothing. Reading runs in the receive worker
 * (einvoicing/received-file.ts: every refusal there is a 4xx a bookkeeper reads); the official rules run
 * in the rules workers, holding one of the account's places (the same cap as `validate-compliance`).
 */
export async function parseReceived(
  deps: ReceivingDeps,
  file: ReceivedFile,
  caller: ReceivingCaller,
): Promise<ParsedEInvoice> {
  const { read, xml } = await deps.read(file, caller.accountId);
  const profile = profileOf(read.syntax, read.customizationId);
  if (profile === null) return { ...read, profile, compliance: null, xml };
  const { compliance: rules } = deps;
  const check = () => checkXmlCompliance(rules, { profile, xml });
  let compliance: ComplianceResult;
  try {
    compliance = await verdictOf(rules.pack, profile, xml, () =>
      rules.gate.hold(caller.accountId, check, { wait: caller.wait }),
    );
  } catch (error) {
    // The reader checked the XML with the same parser; this stays so a file is never a 500.
    if (error instanceof XmlInputError) {
      throw validationError([{ loc: 'body', msg: error.message, type: 'not_an_einvoice' }], error.message);
    }
    throw error;
  }
  return { ...read, profile, compliance, xml };
}
