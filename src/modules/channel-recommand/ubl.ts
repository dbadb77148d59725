// The few things this channel reads from UBL documents: what Recommand must be told about an outgoing
// file (its Peppol document type and process), which received file is an Invoice Response, and the parties
// and number of a received invoice an answer is written for. Untrusted text is checked for size and DTDs
// before the parser sees it, as every received file is (einvoicing/receive).
import { at, attr, text, type XmlElement } from '../../einvoicing/receive/dom';
import { xmlbuilder2 } from '../../einvoicing/xmlbuilder';
import { assertNoDtd, stripBom } from '../../einvoicing/xsd/xml-input';
import { checkXmlLimits } from '../../einvoicing/xsd/xml-limits';

export type UblRoot = XmlElement & { namespaceURI: string | null };

const UBL_NS = /^urn:oasis:names:specification:ubl:schema:xsd:([A-Za-z]+)-2$/;

/** The document's root element, or null when it is not well-formed, too large or carries a DTD. */
export function parseRoot(xml: string): UblRoot | null {
  try {
    const clean = stripBom(xml);
    checkXmlLimits(clean);
    assertNoDtd(clean);
    return xmlbuilder2().create(clean).root().node as unknown as UblRoot;
  } catch {
    return null;
  }
}

/** `Invoice`, `CreditNote`, `ApplicationResponse`, … for a UBL 2 document; null for anything else. */
export function ublKind(root: UblRoot | null): string | null {
  const match = UBL_NS.exec(root?.namespaceURI ?? '');
  return match?.[1] !== undefined && match[1] === root?.localName ? match[1] : null;
}

/** Peppol's defaults when a document states no ProfileID (BIS Billing 3.0). */
const BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The Peppol document type and process identifiers of an outgoing UBL invoice or credit note, as Peppol
 * builds them (`<root namespace>::<root>##<CustomizationID>::2.1`). Recommand would guess them itself, but
 * only for the Peppol BIS customization: an XRechnung file would be refused with "Failed to detect process
 * id", so both are always stated.
 */
export function peppolIdsOf(root: UblRoot): { doctypeId: string; processId: string } | null {
  const kind = ublKind(root);
  const customization = text(root, 'CustomizationID');
  if ((kind !== 'Invoice' && kind !== 'CreditNote') || customization === undefined) return null;
  return {
    doctypeId: `urn:oasis:names:specification:ubl:schema:xsd:${kind}-2::${kind}##${customization}::2.1`,
    processId: text(root, 'ProfileID') ?? BILLING_PROCESS,
  };
}

/**
 * Whether Recommand reads the document's number itself (and so lists and searches it by number): its
 * parser takes only Peppol BIS Billing 3.0 invoices and credit notes (`utils/parsing/parse-document.ts`).
 */
export const recommandParses = (doctypeId: string): boolean =>
  /^urn:oasis:names:specification:ubl:schema:xsd:(Invoice-2::Invoice|CreditNote-2::CreditNote)##urn:cen\.eu:en16931:2017#compliant#urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/.test(
    doctypeId,
  );

/** A party of a received invoice: its Peppol endpoint and its legal name. */
export interface InvoiceParty {
  endpoint: { scheme: string; value: string } | null;
  name: string | null;
}

/** What an Invoice Response must repeat of the invoice it answers. */
export interface InvoiceFacts {
  kind: 'Invoice' | 'CreditNote';
  number: string | null;
  issueDate: string | null;
  typeCode: string | null;
  seller: InvoiceParty;
  buyer: InvoiceParty;
}

export function invoiceFactsOf(root: UblRoot | null): InvoiceFacts | null {
  const kind = ublKind(root);
  if (kind !== 'Invoice' && kind !== 'CreditNote') return null;
  const party = (path: string): InvoiceParty => {
    const p = at(root, `${path}/Party`);
    const endpoint = at(p, 'EndpointID');
    const value = text(endpoint);
    const scheme = attr(endpoint, 'schemeID');
    return {
      endpoint: value && scheme ? { scheme, value } : null,
      name: text(p, 'PartyLegalEntity/RegistrationName') ?? text(p, 'PartyName/Name') ?? null,
    };
  };
  return {
    kind,
    number: text(root, 'ID') ?? null,
    issueDate: text(root, 'IssueDate') ?? null,
    typeCode: text(root, kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode') ?? null,
    seller: party('AccountingSupplierParty'),
    buyer: party('AccountingCustomerParty'),
  };
}
