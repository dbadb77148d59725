// The lifecycle message of XP Z12-012: a UN/CEFACT CrossDomainAcknowledgementAndResponse (CDAR) naming an
// invoice (its number, BT-1) and a status code (ProcessConditionCode). `readCdar` takes the statuses a
// platform sends us; `buildCdar` writes the buyer's answer to a received invoice (205, 210, 211).
// Element paths as docs/channel-afnor.md lists them; the document context is the French regulated
// invoice lifecycle (`urn.cpro.gouv.fr:1p0:CDV:invoice`, business process REGULATED).
import type { ParticipantId } from '../../delivery-channel';
import { all, at, text, type XmlElement } from '../../einvoicing/receive/dom';
import { finish, leaf, newDocument } from '../../einvoicing/semantic/xml';
import { xmlbuilder2 } from '../../einvoicing/xmlbuilder';
import { assertNoDtd, stripBom } from '../../einvoicing/xsd/xml-input';
import { checkXmlLimits } from '../../einvoicing/xsd/xml-limits';

export const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
export const CDV_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';

/** One referenced invoice's status, as a CDAR states it. */
export interface CdarStatus {
  invoiceNumber: string;
  /** BT-3 of the invoice (380, 381, …), when stated. */
  typeCode: string | null;
  code: string;
  /** The label as the CDAR states it (ProcessCondition). */
  statedLabel: string | null;
  /** SpecifiedDocumentStatus reasons: `code: text` each. */
  reasons: string[];
}

export class NotACdarError extends Error {}

export function readCdar(xmlText: string): CdarStatus[] {
  const xml = stripBom(xmlText);
  checkXmlLimits(xml);
  assertNoDtd(xml);
  let root: XmlElement & { namespaceURI: string | null };
  try {
    root = xmlbuilder2().create(xml).root().node as unknown as XmlElement & { namespaceURI: string | null };
  } catch (error) {
    throw new NotACdarError(`not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (root.localName !== 'CrossDomainAcknowledgementAndResponse' || root.namespaceURI !== CDAR_NS)
    throw new NotACdarError(`the root element ${root.localName} is no CrossDomainAcknowledgementAndResponse`);
  const statuses: CdarStatus[] = [];
  for (const ref of all(root, 'AcknowledgementDocument/ReferenceReferencedDocument')) {
    const invoiceNumber = text(ref, 'IssuerAssignedID');
    const code = text(ref, 'ProcessConditionCode');
    if (!invoiceNumber || !code) continue;
    const reasons = all(ref, 'SpecifiedDocumentStatus').flatMap((status) => {
      const stated = [text(status, 'ReasonCode'), text(status, 'Reason')].filter(Boolean).join(': ');
      return stated ? [stated] : [];
    });
    statuses.push({
      invoiceNumber,
      typeCode: text(ref, 'TypeCode') ?? null,
      code,
      statedLabel: text(ref, 'ProcessCondition') ?? null,
      reasons,
    });
  }
  if (statuses.length === 0 && !at(root, 'AcknowledgementDocument'))
    throw new NotACdarError('the CDAR has no AcknowledgementDocument');
  return statuses;
}

export interface CdarAnswer {
  /** The status: 205, 210, 211 (statuses.ts RESPONSE_CODES). */
  code: string;
  label: string;
  /** The answered invoice's number (BT-1), type (BT-3) and issue date (BT-2, YYYY-MM-DD). */
  invoiceNumber: string;
  invoiceTypeCode: '380' | '381';
  invoiceIssueDate: string | null;
  /** The buyer's reason (a refusal's). */
  reason: string | null;
  /** The buyer (who answers) and the seller (who is answered); SIREN or SIRET. */
  buyer: ParticipantId | null;
  seller: ParticipantId | null;
  at: Date;
}

/** The CDAR a buyer deposits to answer a received invoice. */
export function buildCdar(answer: CdarAnswer): string {
  const stamp = dateTime204(answer.at);
  const root = newDocument(CDAR_NS, 'rsm:CrossDomainAcknowledgementAndResponse', {
    rsm: CDAR_NS,
    ram: RAM,
    udt: UDT,
    qdt: QDT,
  });
  const context = root.ele(CDAR_NS, 'rsm:ExchangedDocumentContext');
  leaf(context.ele(RAM, 'ram:BusinessProcessSpecifiedDocumentContextParameter'), RAM, 'ram:ID', 'REGULATED');
  leaf(context.ele(RAM, 'ram:GuidelineSpecifiedDocumentContextParameter'), RAM, 'ram:ID', CDV_GUIDELINE);

  const exchanged = root.ele(CDAR_NS, 'rsm:ExchangedDocument');
  leaf(exchanged, RAM, 'ram:ID', `${answer.invoiceNumber}_${answer.code}_${stamp}`);
  leaf(exchanged, RAM, 'ram:Name', `${answer.code} ${answer.label}`);
  dateTime(exchanged.ele(RAM, 'ram:IssueDateTime'), UDT, 'udt:DateTimeString', stamp, '204');
  leaf(exchanged.ele(RAM, 'ram:SenderTradeParty'), RAM, 'ram:RoleCode', 'BY');
  party(exchanged.ele(RAM, 'ram:IssuerTradeParty'), answer.buyer, 'BY');
  party(exchanged.ele(RAM, 'ram:RecipientTradeParty'), answer.seller, 'SE');

  const ack = root.ele(CDAR_NS, 'rsm:AcknowledgementDocument');
  leaf(ack.ele(RAM, 'ram:MultipleReferencesIndicator'), UDT, 'udt:Indicator', 'false');
  leaf(ack, RAM, 'ram:TypeCode', '23');
  dateTime(ack.ele(RAM, 'ram:IssueDateTime'), UDT, 'udt:DateTimeString', stamp, '204');
  const ref = ack.ele(RAM, 'ram:ReferenceReferencedDocument');
  leaf(ref, RAM, 'ram:IssuerAssignedID', answer.invoiceNumber);
  leaf(ref, RAM, 'ram:TypeCode', answer.invoiceTypeCode);
  if (answer.invoiceIssueDate)
    dateTime(
      ref.ele(RAM, 'ram:FormattedIssueDateTime'),
      QDT,
      'qdt:DateTimeString',
      answer.invoiceIssueDate.replaceAll('-', ''),
      '102',
    );
  leaf(ref, RAM, 'ram:ProcessConditionCode', answer.code);
  leaf(ref, RAM, 'ram:ProcessCondition', answer.label);
  const seller = sirenOf(answer.seller);
  if (seller) leaf(ref.ele(RAM, 'ram:IssuerTradeParty'), RAM, 'ram:GlobalID', seller, { schemeID: '0002' });
  if (answer.reason) leaf(ref.ele(RAM, 'ram:SpecifiedDocumentStatus'), RAM, 'ram:Reason', answer.reason);
  return finish(root);
}

type Builder = ReturnType<typeof newDocument>;

function dateTime(parent: Builder, ns: string, qname: string, value: string, format: string): void {
  leaf(parent, ns, qname, value, { format });
}

/** A party by its SIREN (`0002`; a SIRET's first nine digits are its SIREN) and its role. */
function party(parent: Builder, id: ParticipantId | null, role: string): void {
  const siren = sirenOf(id);
  if (siren) leaf(parent, RAM, 'ram:GlobalID', siren, { schemeID: '0002' });
  leaf(parent, RAM, 'ram:RoleCode', role);
}

export function sirenOf(id: ParticipantId | null): string | null {
  if (!id) return null;
  const digits = id.value.replace(/\s/g, '');
  if (id.scheme === '0002' && /^\d{9}$/.test(digits)) return digits;
  if (id.scheme === '0009' && /^\d{14}$/.test(digits)) return digits.slice(0, 9);
  return null;
}

/** UN/EDIFACT format 204: CCYYMMDDHHMMSS, in UTC here (the format states no zone). */
export function dateTime204(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
