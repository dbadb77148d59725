// BG-3 (preceding invoices, 0..n in both syntaxes) as the data keeps them: one, or up to MAX_PRECEDING_INVOICES.
import { MAX_PRECEDING_INVOICES, type PrecedingInvoice } from '../../domain/document-content';
import type { DocumentData } from '../../domain/document-data';
import type { ReceiveWarning } from './types';

/**
 * One read preceding invoice stays `preceding_invoice`, several are `preceding_invoices`; past
 * MAX_PRECEDING_INVOICES (document-content.ts) the rest are left out with a warning at `path`.
 */
export function keptPrecedingInvoices(
  precedings: PrecedingInvoice[],
  path: string,
  warnings: ReceiveWarning[],
): Pick<DocumentData, 'preceding_invoice' | 'preceding_invoices'> {
  if (precedings.length > MAX_PRECEDING_INVOICES) {
    warnings.push({
      term: 'BG-3',
      path,
      message: `Only the first ${MAX_PRECEDING_INVOICES} preceding invoices are kept`,
      code: 'preceding_invoices',
      params: {},
    });
  }
  return {
    preceding_invoice: precedings.length === 1 ? precedings[0] : undefined,
    preceding_invoices: precedings.length > 1 ? precedings.slice(0, MAX_PRECEDING_INVOICES) : undefined,
  };
}
