// A customer statement as a render's input: the statement is drawn the way every PDF is (RenderPdf: the
// render pool's workers, their time and memory limits), not on the thread that answers requests.
import type { RenderInput } from '../types';
import type { StatementPdfInput } from './types';

const ZERO = '0.00';

/**
 * The RenderInput that draws `statement` (RenderInput.statement). The document fields every RenderInput
 * has are not read for a statement: they hold its page size and language and an empty document, so that
 * whatever looks at a render's input (a test's renderer, the pool's message) sees well-formed data.
 */
export function statementRenderInput(statement: StatementPdfInput): RenderInput {
  return {
    documentType: 'invoice',
    data: {
      currency: statement.sections[0]?.currency ?? 'EUR',
      seller: { name: statement.seller?.name ?? '' },
      buyer: { name: statement.customer.name },
      line_items: [],
    },
    totals: {
      subtotal: ZERO,
      discount_total: ZERO,
      tax_total: ZERO,
      shipping_total: ZERO,
      total: ZERO,
      exclusive_tax_total: ZERO,
      inclusive_tax_total: ZERO,
      lines: [],
      tax_groups: [],
      discounts: [],
    },
    templateId: 'tpl_modern',
    pageSize: statement.pageSize,
    locale: statement.locale,
    statement,
  };
}
