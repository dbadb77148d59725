// Peppol BIS Invoice Response 3 (UBL ApplicationResponse, transaction T111): the one we write when the
// account answers a received invoice, and the one we read when a buyer answers ours. Element order follows
// the UBL 2.1 ApplicationResponse schema; the cardinalities and codes are T111's rules (SenderParty and
// ReceiverParty with an endpoint and a registration name, a clarification code when rejecting:
// PEPPOL-T111-R001).
import type { DeliveryState, InvoiceResponse, ParticipantId } from '../../delivery-channel';
import { all, at, text } from '../../einvoicing/receive/dom';
import { finish, newDocument } from '../../einvoicing/semantic/xml';
import { CAC, CBC, cac, cbc } from '../../einvoicing/ubl/ubl-parts';
import { type UblRoot, ublKind } from './ubl';

export const INVOICE_RESPONSE = {
  customizationId: 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3',
  profileId: 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3',
  doctypeId:
    'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2::ApplicationResponse##urn:fdc:peppol.eu:poacc:trns:invoice_response:3::2.1',
  processId: 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3',
} as const;

const APPLICATION_RESPONSE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2';

/** Our answers and the UNCL 4343 subset codes they are (T111 status codes). */
export const RESPONSE_CODES = { accepted: 'AP', rejected: 'RE', paid: 'PD' } as const;

export interface InvoiceResponseParty {
  endpoint: ParticipantId;
  /** PartyLegalEntity/RegistrationName: mandatory in T111. */
  name: string;
}

export interface InvoiceResponseInput {
  /** The response's own id (cbc:ID): unique for its sender. */
  id: string;
  issueDate: string;
  state: InvoiceResponse['state'];
  reason: string | null;
  /** Who answers: the buyer (us). */
  sender: InvoiceResponseParty;
  /** Who is answered: the seller who sent the invoice. */
  receiver: InvoiceResponseParty;
  invoice: { number: string; issueDate: string | null; typeCode: string };
}

/** The Invoice Response as UBL XML text (UTF-8, declaration included). */
export function buildInvoiceResponse(input: InvoiceResponseInput): string {
  const code = RESPONSE_CODES[input.state];
  const root = newDocument(APPLICATION_RESPONSE_NS, 'ApplicationResponse', { cac: CAC, cbc: CBC });
  cbc(root, 'CustomizationID', INVOICE_RESPONSE.customizationId);
  cbc(root, 'ProfileID', INVOICE_RESPONSE.profileId);
  cbc(root, 'ID', input.id);
  cbc(root, 'IssueDate', input.issueDate);
  party(cac(root, 'SenderParty'), input.sender);
  party(cac(root, 'ReceiverParty'), input.receiver);
  const documentResponse = cac(root, 'DocumentResponse');
  const response = cac(documentResponse, 'Response');
  cbc(response, 'ResponseCode', code, { listID: 'UNCL4343OpSubset' });
  const reason = input.reason?.trim() || null;
  // A rejection must carry a clarification code (PEPPOL-T111-R001): ours is OTH, "other", with the
  // person's words as its reason (T111-R002). Acceptance and payment carry the words alone, if any.
  if (code === 'RE' || reason !== null) {
    const status = cac(response, 'Status');
    if (code === 'RE') cbc(status, 'StatusReasonCode', 'OTH', { listID: 'OPStatusReason' });
    cbc(status, 'StatusReason', reason ?? 'Rejected');
  }
  const reference = cac(documentResponse, 'DocumentReference');
  cbc(reference, 'ID', input.invoice.number);
  cbc(reference, 'IssueDate', input.invoice.issueDate);
  cbc(reference, 'DocumentTypeCode', input.invoice.typeCode, { listID: 'UNCL1001' });
  return finish(root);
}

function party(node: ReturnType<typeof cac>, p: InvoiceResponseParty): void {
  cbc(node, 'EndpointID', p.endpoint.value, { schemeID: p.endpoint.scheme });
  cbc(cac(node, 'PartyLegalEntity'), 'RegistrationName', p.name);
}

/** What a buyer's Invoice Response says about one of our invoices. */
export interface ReadInvoiceResponse {
  /** The UNCL 4343 code as sent (`AP`, `RE`, `PD`, `AB`, …). */
  code: string;
  /** The delivery state it moves ours to; null for the codes that have none (AB, IP, UQ, CA). */
  state: DeliveryState | null;
  reason: string | null;
  invoiceNumber: string;
  /** UNCL 1001 of the invoice answered (380 invoice, 381 credit note, …), when stated. */
  documentTypeCode: string | null;
}

const STATES: Record<string, DeliveryState> = { AP: 'accepted', RE: 'rejected', PD: 'paid' };

/**
 * Reads a received ApplicationResponse that is an Invoice Response; null for anything else (a Message Level
 * Response or Status, another transaction). The reasons are joined as the buyer gave them: the words when
 * there are any, else the clarification code.
 */
export function readInvoiceResponse(root: UblRoot | null): ReadInvoiceResponse | null {
  if (ublKind(root) !== 'ApplicationResponse') return null;
  if (!text(root, 'CustomizationID')?.startsWith(INVOICE_RESPONSE.customizationId)) return null;
  const documentResponse = at(root, 'DocumentResponse');
  const code = text(documentResponse, 'Response/ResponseCode');
  const invoiceNumber = text(documentResponse, 'DocumentReference/ID');
  if (code === undefined || invoiceNumber === undefined) return null;
  const reasons = all(at(documentResponse, 'Response'), 'Status')
    .map((status) => {
      const words = text(status, 'StatusReason');
      const reasonCode = text(status, 'StatusReasonCode');
      if (words && reasonCode && reasonCode !== 'OTH') return `${words} (${reasonCode})`;
      return words ?? reasonCode;
    })
    .filter((r): r is string => r !== undefined);
  return {
    code,
    state: STATES[code] ?? null,
    reason: reasons.length === 0 ? null : reasons.join('; '),
    invoiceNumber,
    documentTypeCode: text(documentResponse, 'DocumentReference/DocumentTypeCode') ?? null,
  };
}

/** Peppol Message Level Response 3 (T71): the receiving access point's or its owner's word on a message. */
export const MESSAGE_LEVEL_RESPONSE = { customizationId: 'urn:fdc:peppol.eu:poacc:trns:mlr:3' } as const;

/** What a Message Level Response says of one message we sent. */
export interface ReadMessageLevelResponse {
  /** `AB` received, `AP` accepted, `RE` rejected (Peppol MLR's codes). */
  code: string;
  /** The SBDH instance identifier of the message answered (Recommand's `envelopeId` of our document). */
  messageId: string;
  /** Why, as the response says it: its description, then each line's description and status reason code. */
  reason: string | null;
}

/** Reads a received ApplicationResponse that is a Message Level Response; null for anything else. */
export function readMessageLevelResponse(root: UblRoot | null): ReadMessageLevelResponse | null {
  if (ublKind(root) !== 'ApplicationResponse') return null;
  if (!text(root, 'CustomizationID')?.startsWith(MESSAGE_LEVEL_RESPONSE.customizationId)) return null;
  const documentResponse = at(root, 'DocumentResponse');
  const code = text(documentResponse, 'Response/ResponseCode');
  const messageId = text(documentResponse, 'DocumentReference/ID');
  if (code === undefined || messageId === undefined) return null;
  const reasons: string[] = [];
  const said = text(documentResponse, 'Response/Description');
  if (said) reasons.push(said);
  for (const line of all(documentResponse, 'LineResponse')) {
    const where = text(line, 'LineReference/LineID');
    const words = text(line, 'Response/Description');
    const status = text(line, 'Response/Status/StatusReasonCode');
    const parts = [words, status ? `(${status})` : undefined].filter((p) => p !== undefined).join(' ');
    if (parts !== '') reasons.push(where && where !== 'NA' ? `${where}: ${parts}` : parts);
  }
  return { code, messageId, reason: reasons.length === 0 ? null : reasons.join('; ') };
}
