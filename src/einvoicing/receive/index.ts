// Reading a received e-invoice: UBL 2.1 (Invoice, CreditNote) or UN/CEFACT CII, checked for DTDs and size
// before any parser sees it (xsd/xml-input.ts, xsd/xml-limits.ts), into the document data.
import type { DocumentData } from '../../domain/document-data';
import { isDecimalString } from '../../domain/money';
import { acceptsSpecification, type ComplianceProfile, PROFILES } from '../profiles';
import { xmlbuilder2 } from '../xmlbuilder';
import { assertNoDtd, stripBom } from '../xsd/xml-input';
import { checkXmlLimits } from '../xsd/xml-limits';
import { keepRefused, pinnableDiscounts, statedPercentages, statedTaxAmounts } from './document-passes';
import type { XmlElement } from './dom';
import { fitToData, refuseUnheld } from './fit-data';
import { fromCii } from './from-cii';
import { fromUbl } from './from-ubl';
import { fromZugferd1, ZUGFERD_1_NAMESPACE } from './from-zugferd1';
import { heldOrAsIs, refusalOf, UnheldValueError, unheldDecimal } from './held-values';
import { normalizeDates, normalizeDecimals } from './normalize';
import { notXml } from './not-xml';
import { ciiFormat, formatWarning, keepStatedTotals } from './stated';
import { NotAnEInvoiceError, type ReadInvoice, type ReceivedInvoice } from './types';

export {
  NotAnEInvoiceError,
  type ReceivedFormat,
  type ReceivedInvoice,
  type ReceiveWarning,
  type StatedTotals,
} from './types';
export { RECEIVE_WARNING_CODES, RECEIVE_WARNING_PARAMS, type ReceiveWarningCode } from './warning-codes';

const UBL = /^urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2$/;
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
/** The ZUGFeRD 1.0 release candidate (2014): the same structure under another root. */
const ZUGFERD_1_RC = /^urn:un:unece:uncefact:data:standard:CBFBUY:5$/;

const WHAT_IS_READ =
  'the service reads UBL 2.1 Invoice or CreditNote, UN/CEFACT CII (XRechnung, Factur-X, ZUGFeRD 2) and ZUGFeRD 1.0';

export function parseEInvoice(input: string): ReceivedInvoice {
  // Line ends as XML 1.0 (2.11) reads them: CR LF and a lone CR are LF, so a line's name or a note
  // written on Windows keeps no CR (a character reference `&#13;` still gives one).
  const xml = stripBom(input).replace(/\r\n?/g, '\n');
  const kind = notXml(xml);
  // A PDF reaches here only as XML text (JSON's `xml`): its bytes are what is read.
  if (kind?.document === 'pdf')
    throw new NotAnEInvoiceError(
      'This is a PDF given as XML text: send the file as application/pdf, or in JSON as pdf_base64',
      'pdf',
    );
  if (kind !== null)
    throw new NotAnEInvoiceError(`This is ${kind.words}, not an e-invoice: ${WHAT_IS_READ}`, kind.document);
  checkXmlLimits(xml);
  assertNoDtd(xml);
  assertKnownEncoding(xml);
  let root: XmlElement & { namespaceURI: string | null };
  try {
    root = xmlbuilder2().create(xml).root().node as unknown as XmlElement & { namespaceURI: string | null };
  } catch (error) {
    throw new NotAnEInvoiceError(
      `The file is not well-formed XML: ${(error as Error).message.split('\n')[0]}`,
      'malformed_xml',
    );
  }
  const reader = UBL.test(root.namespaceURI ?? '')
    ? fromUbl
    : root.namespaceURI === CII && root.localName === 'CrossIndustryInvoice'
      ? fromCii
      : root.namespaceURI === ZUGFERD_1_NAMESPACE || ZUGFERD_1_RC.test(root.namespaceURI ?? '')
        ? fromZugferd1
        : null;
  if (reader !== null) {
    try {
      return normalized(reader(root));
    } catch (error) {
      // A value the data cannot hold (held-values.ts): refused, naming its element and why.
      const held = heldOrAsIs(error);
      throw held instanceof UnheldValueError ? refusalOf(xml, held) : held;
    }
  }
  const what = whatItIs(root.localName, root.namespaceURI ?? '');
  throw new NotAnEInvoiceError(
    `${what ? `This is ${what.words}` : `The root element ${root.localName} (${root.namespaceURI ?? 'no namespace'}) is no e-invoice this service reads`}: ${WHAT_IS_READ}`,
    what?.document ?? 'other_xml',
  );
}

/**
 * The XML declaration's encoding must be one XML parsers know (the text was read as UTF-8 already): the
 * official rules' parser refuses any other, so the file is refused here, naming it, rather than later.
 */
function assertKnownEncoding(xml: string): void {
  const declared = /^<\?xml[^>]*\sencoding\s*=\s*["']([^"']*)["']/.exec(xml)?.[1];
  if (
    declared !== undefined &&
    !/^(utf-?8|utf-?16(le|be)?|us-ascii|iso-8859-\d{1,2}|windows-125\d)$/i.test(declared)
  ) {
    throw new NotAnEInvoiceError(
      `The XML declaration names an encoding that does not exist: ${declared.slice(0, 40)}`,
      'unknown_encoding',
    );
  }
}

/**
 * Foreign syntaxes and documents that are no invoice, by their root element and namespace: the code of
 * `details.document` and the words of the message.
 */
const KNOWN_ROOTS: [RegExp, string, string, string][] = [
  [
    /^FatturaElettronica$/,
    'ivaservizi.agenziaentrate.gov.it',
    'fatturapa',
    'an Italian FatturaPA invoice (its own syntax)',
  ],
  [/^Invoice$/, 'isdoc.cz', 'isdoc', 'a Czech ISDOC invoice (its own syntax)'],
  [
    /^Invoice$/,
    'urn:sfti:documents:BasicInvoice',
    'svefaktura',
    'a Swedish Svefaktura 1.0 invoice (UBL 1.0, before EN 16931)',
  ],
  [
    /^ObjectEnvelope$/,
    'urn:sfti:documents:ObjectEnvelope',
    'svefaktura_envelope',
    'a Svefaktura object envelope',
  ],
  [
    /^SCRDMCCBDACIOMessageStructure$/,
    'urn:un:unece:uncefact',
    'order_x',
    'an Order-X purchase order (CII), not an invoice',
  ],
  [/^CrossIndustryOrder/, 'urn:un:unece:uncefact', 'cii_order', 'a CII order, not an invoice'],
  [
    /^CrossDomainAcknowledgementAndResponse$/,
    'urn:un:unece:uncefact',
    'cdar',
    'a CII invoice status response (CDAR), not an invoice',
  ],
  [/^testSet$/, 'difi.no/xsd/vefa', 'vefa_test_set', 'a VEFA validator test set, not an invoice'],
];

/** Any other UBL document (an order, a despatch advice): `ubl:` and its root element. */
const UBL_DOCUMENT = /^(?!Invoice$|CreditNote$)[A-Za-z]+$/;
const UBL_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:';

function whatItIs(local: string, namespace: string): { document: string; words: string } | null {
  const known = KNOWN_ROOTS.find(([name, ns]) => name.test(local) && namespace.includes(ns));
  if (known) return { document: known[2], words: known[3] };
  if (!UBL_DOCUMENT.test(local) || !namespace.includes(UBL_NAMESPACE)) return null;
  const words = local.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return { document: `ubl:${local}`, words: `a UBL ${words}, not an invoice` };
}

/**
 * Decimals as the data writes them; the totals the lines do not give kept as stated (rule 8b); what the
 * file is (`format`), with a warning first when it is no EN 16931 invoice.
 */
function normalized(invoice: ReadInvoice): ReceivedInvoice {
  const format =
    invoice.format ?? (invoice.syntax === 'cii' ? ciiFormat(invoice.customizationId) : 'en16931');
  const named = formatWarning(format);
  const warnings = [...(named ? [named] : []), ...invoice.warnings];
  const { discountBases, ...read } = invoice;
  const discounts = pinnableDiscounts(normalizeDates(normalizeDecimals(withCurrencyCode(read.data))));
  const refused = keepRefused(statedPercentages(discounts, discountBases, warnings), warnings);
  refuseUnheld(refused);
  const data = statedTaxAmounts(fitToData(refused, warnings));
  const kept = keepStatedTotals(withSpecification(data, read.customizationId), read.totals, warnings);
  // The totals are kept as the file states them (the inbox, the reports and the payments read them).
  for (const [member, term] of TOTALS_TERMS) {
    const value = kept.totals[member];
    if (!isDecimalString(value)) throw unheldDecimal(value, term);
  }
  return { ...read, format, data: kept.data, warnings, totals: kept.totals };
}

/**
 * A document currency of three letters in another case (`eur`, ` Eur `) is the ISO 4217 code it spells,
 * as a reader takes it (the official rules still name the file's own value: BR-CL-04); anything else is
 * refused by refuseUnheld.
 */
function withCurrencyCode(data: DocumentData): DocumentData {
  const code = data.currency?.trim().toUpperCase();
  return code !== undefined && code !== data.currency && /^[A-Z]{3}$/.test(code)
    ? { ...data, currency: code }
    : data;
}

/** The business term of each stated total, for a refusal that finds no element holding its value. */
const TOTALS_TERMS: [keyof ReceivedInvoice['totals'], string][] = [
  ['subtotal', 'BT-106'],
  ['discount_total', 'BT-107'],
  ['shipping_total', 'BT-108'],
  ['net_total', 'BT-109'],
  ['tax_total', 'BT-110'],
  ['total', 'BT-112'],
  ['amount_due', 'BT-115'],
];

/**
 * BT-24 stays in the data when it refines a profile's own (an XRechnung extension or CVD variant), so
 * written back it states the same specification and is judged by the same rules.
 */
function withSpecification(data: DocumentData, id: string | null): DocumentData {
  const refines = (Object.keys(PROFILES) as ComplianceProfile[]).some(
    (profile) => id !== null && id !== PROFILES[profile].customizationId && acceptsSpecification(profile, id),
  );
  return refines && id !== null ? { ...data, customization_id: id } : data;
}
