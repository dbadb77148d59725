import { acceptsSpecification, type ComplianceProfile, PROFILES } from '../../../einvoicing/profiles';
import type { ReceivedInvoice } from '../../../einvoicing/receive';
import { XmlInputError } from '../../../einvoicing/xsd/xml-input';
import { XmlLimitError } from '../../../einvoicing/xsd/xml-limits';
import { DomainError, validationError } from '../../../shared/errors';
import { type ComplianceDeps, type ComplianceResult, checkXmlCompliance } from '../../compliance';
import { invoiceXmlOfPdf } from './pdf-invoice-xml';
import { verdictOf } from './verdicts';

/** A received e-invoice as it arrives: XML text, or the bytes of a hybrid PDF. */
export type ReceivedFile = { kind: 'xml'; xml: string } | { kind: 'pdf'; bytes: Uint8Array };

export interface ParsedEInvoice extends ReceivedInvoice {
  /** The one of the four profiles BT-24 names, or null (another Factur-X profile, an older XRechnung). */
  profile: ComplianceProfile | null;
  /** The official rules' verdict for that profile, or null when no profile applies. */
  compliance: ComplianceResult | null;
  /** The XML read (for a PDF, the embedded one). */
  xml: string;
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

/** Reads, maps and checks one received e-invoice; stores nothing. Bad input is a 4xx a bookkeeper reads. */
export async function parseReceived(deps: ComplianceDeps, file: ReceivedFile): Promise<ParsedEInvoice> {
  const xml = file.kind === 'xml' ? file.xml : await invoiceXmlOfPdf(file.bytes);
  // Loaded with the first received file: the XML parser and the mapping are not needed at start.
  const { NotAnEInvoiceError, parseEInvoice } = await import('../../../einvoicing/receive');
  let read: ReceivedInvoice;
  try {
    read = parseEInvoice(xml);
  } catch (error) {
    if (error instanceof XmlLimitError) {
      if (error.limit === 'maxChars')
        throw new DomainError('payload_too_large', error.message, { max_chars: error.max });
      throw validationError([
        { loc: 'body', msg: `${error.message} (at most ${error.max})`, type: 'too_large' },
      ]);
    }
    if (error instanceof XmlInputError || error instanceof NotAnEInvoiceError) {
      throw validationError([{ loc: 'body', msg: error.message, type: 'not_an_einvoice' }], error.message);
    }
    // A value the mapping cannot take (an amount that is no number): the file's fault, never a 500.
    const msg = `The e-invoice cannot be read: ${(error as Error).message}`;
    throw validationError([{ loc: 'body', msg, type: 'not_an_einvoice' }], msg);
  }
  const profile = profileOf(read.syntax, read.customizationId);
  const compliance =
    profile === null
      ? null
      : await verdictOf(deps.pack, profile, xml, () => checkXmlCompliance(deps, { profile, xml }));
  return { ...read, profile, compliance, xml };
}
