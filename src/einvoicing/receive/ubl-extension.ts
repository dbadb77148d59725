// The XRechnung extension's groups in a UBL file: third-party payments (BG-DEX-09) are read into the data,
// sub-invoice lines (BG-DEX-01), which it has no terms for, are named in a warning.
import type { DocumentData } from '../../domain/document-data';
import { all, nonEmpty, text, type XmlElement } from './dom';
import type { ReceiveWarning } from './types';

/**
 * The XRechnung extension's sub-invoice lines (BG-DEX-01), which the data has no terms for, named so they
 * are not dropped silently: each line keeps its own amount.
 */
export function extensionWarnings(root: XmlElement, isCredit: boolean, warnings: ReceiveWarning[]): void {
  const lines = all(root, isCredit ? 'CreditNoteLine' : 'InvoiceLine');
  const withSubLines = lines.filter((l) => all(l, 'SubInvoiceLine').length > 0);
  if (withSubLines.length > 0) {
    warnings.push({
      term: 'BG-DEX-01',
      path: `${isCredit ? 'CreditNoteLine' : 'InvoiceLine'}/SubInvoiceLine`,
      message: `Sub-invoice lines of ${withSubLines.length} line(s) are not kept: each line keeps its own amount`,
      code: 'sub_invoice_lines',
      params: { count: String(withSubLines.length) },
    });
  }
}

/** Any version of the XRechnung extension's BT-24 (third-party payments exist since XRechnung 2.3). */
const EXTENSION = /#conformant#urn:xeinkauf\.de:kosit:extension:xrechnung_/;

/**
 * `cac:PrepaidPayment` is the XRechnung extension's third-party payment (BG-DEX-09: BT-DEX-001 `ID`,
 * -002 `PaidAmount`, -003 `InstructionID`), which the extension's amount due includes (BR-DEX-09). Outside
 * the extension it is no EN 16931 term (BR-CO-16 leaves it out of BT-115): not kept, and said so. A
 * payment without an amount is not kept either; a missing type or description reads as '-'.
 */
export function thirdPartyPayments(
  root: XmlElement,
  customizationId: string | undefined,
  warnings: ReceiveWarning[],
): DocumentData['third_party_payments'] {
  const payments = all(root, 'PrepaidPayment');
  if (payments.length === 0) return undefined;
  if (!EXTENSION.test(customizationId ?? '')) {
    const amounts = payments.map((p) => text(p, 'PaidAmount') ?? '?').join(' + ');
    warnings.push({
      term: 'BG-DEX-09',
      path: 'PrepaidPayment',
      message: `Prepaid payments (${amounts}) outside the XRechnung extension are not kept: EN 16931 has no such term`,
      code: 'prepaid_payments',
      params: { amounts },
    });
    return undefined;
  }
  const kept = payments.flatMap((p, k) => {
    const amount = text(p, 'PaidAmount');
    if (amount !== undefined) {
      return [{ type: text(p, 'ID') ?? '-', amount, description: text(p, 'InstructionID') ?? '-' }];
    }
    warnings.push({
      term: 'BG-DEX-09',
      path: `PrepaidPayment[${k + 1}]`,
      message: 'A third-party payment without an amount (BT-DEX-002) is not kept',
      code: 'third_party_payment_without_amount',
      params: {},
    });
    return [];
  });
  return nonEmpty(kept);
}
