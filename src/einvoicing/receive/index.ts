// Reading a received e-invoice: UBL 2.1 (Invoice, CreditNote) or UN/CEFACT CII, checked for DTDs and size
// before any parser sees it (xsd/xml-input.ts, xsd/xml-limits.ts), into the document data.
import { create } from 'xmlbuilder2';
import type { DocumentData } from '../../domain/document-data';
import { acceptsSpecification, type ComplianceProfile, PROFILES } from '../profiles';
import { assertNoDtdEntities, stripBom } from '../xsd/xml-input';
import { checkXmlLimits } from '../xsd/xml-limits';
import type { XmlElement } from './dom';
import { fromCii } from './from-cii';
import { fromUbl } from './from-ubl';
import { decimalOf, keepRefused, normalizeDecimals, pinnableDiscounts, statedTaxAmounts } from './shared';
import { NotAnEInvoiceError, type ReceivedInvoice } from './types';

export { NotAnEInvoiceError, type ReceivedInvoice, type ReceiveWarning, type StatedTotals } from './types';

const UBL = /^urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2$/;
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

export function parseEInvoice(input: string): ReceivedInvoice {
  const xml = stripBom(input);
  checkXmlLimits(xml);
  assertNoDtdEntities(xml);
  let root: XmlElement & { namespaceURI: string | null };
  try {
    root = create(xml).root().node as unknown as XmlElement & { namespaceURI: string | null };
  } catch (error) {
    throw new NotAnEInvoiceError(
      `The file is not well-formed XML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  if (UBL.test(root.namespaceURI ?? '')) return normalized(fromUbl(root));
  if (root.namespaceURI === CII && root.localName === 'CrossIndustryInvoice')
    return normalized(fromCii(root));
  throw new NotAnEInvoiceError(
    `The root element ${root.localName} (${root.namespaceURI ?? 'no namespace'}) is neither a UBL Invoice or CreditNote nor a CII CrossIndustryInvoice`,
  );
}

/** Decimals as the data writes them, in the data and in the stated totals. */
function normalized(invoice: ReceivedInvoice): ReceivedInvoice {
  const t = invoice.totals;
  const warnings = [...invoice.warnings];
  const data = statedTaxAmounts(keepRefused(pinnableDiscounts(normalizeDecimals(invoice.data)), warnings));
  return {
    ...invoice,
    data: withSpecification(data, invoice.customizationId),
    warnings,
    totals: {
      subtotal: decimalOf(t.subtotal),
      discount_total: decimalOf(t.discount_total),
      shipping_total: decimalOf(t.shipping_total),
      tax_total: decimalOf(t.tax_total),
      total: decimalOf(t.total),
      amount_due: decimalOf(t.amount_due),
    },
  };
}

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
