// Why a document cannot become EN 16931 XML at all. These are not Schematron findings about a written XML:
// they are the cases where no XML can state the document (no tax scheme, a line with two VAT categories,
// a quote), so nothing is written. The caller reports `problems` as fatal violations, or lets the
// DomainError answer 422 on its own.
import { DomainError } from '../../shared/errors';

export type EInvoiceErrorReason =
  /** Only invoices and credit notes are e-invoices (document type BT-3). */
  | 'unsupported_document_type'
  /** No tax scheme: BT-118 cannot be stated (SPEC 4 rule 6). */
  | 'missing_tax_scheme'
  /** Another term the XML cannot do without is absent or cannot be expressed. */
  | 'not_representable';

/** Shaped like a compliance violation, `path` a request field (`data.line_items.2.taxes`). */
export interface EInvoiceProblem {
  rule: string;
  path: string;
  message: string;
}

export class EInvoiceError extends DomainError {
  constructor(
    readonly reason: EInvoiceErrorReason,
    readonly problems: EInvoiceProblem[],
  ) {
    const first = problems[0]?.message ?? reason;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super('unprocessable_entity', `The document cannot be written as an e-invoice: ${first}${more}`, {
      reason,
      violations: problems,
    });
    this.name = 'EInvoiceError';
  }
}
