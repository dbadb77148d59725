import { precedingInvoicesOf } from '../../../domain/document-content';
import type { TotalsResult } from '../../../domain/money';
import { impliedSupplyDate } from '../../../domain/supply-date';
import type { ComplianceProfile } from '../../../einvoicing/profiles';
import { EInvoiceError, toSemantic } from '../../../einvoicing/semantic/index';
import { serialize } from '../../../einvoicing/semantic/serialize';
import type { EAttachedFile } from '../../../einvoicing/semantic/types';
import type { DocumentData } from '../../documents';
import { documentTotals } from '../../documents';

export type WriteOutcome =
  | { ok: true; xml: string }
  | { ok: false; problems: { rule: string; path: string; message: string }[] };

/** What an e-invoice is written (and checked) from. */
export interface EInvoiceInput {
  profile: ComplianceProfile;
  documentType: string;
  data: DocumentData;
  precedingInvoiceNumber?: string | null;
  precedingInvoiceDate?: string | null;
  /** A stored document's totals: used as they are (never recomputed after finalize). */
  totals?: TotalsResult;
  /** The files of `data.supporting_documents`, read by the caller (files/readSupportingFiles). */
  attachedFiles?: (EAttachedFile | null)[];
}

/**
 * Document data -> EN 16931 XML of the profile's syntax, with exactly the totals the API reports. A document
 * that cannot be an e-invoice (no tax scheme, not an invoice or credit note, …) is a value, not a throw.
 */
export function writeEInvoice(input: EInvoiceInput): WriteOutcome {
  const totals = input.totals
    ? { ok: true as const, totals: input.totals }
    : documentTotals(input.data.currency, input.data);
  if (!totals.ok) {
    return {
      ok: false,
      problems: totals.problems.map((p) => ({ rule: 'TOTALS', path: `data.${p.loc}`, message: p.msg })),
    };
  }
  try {
    const invoice = toSemantic({
      documentType: input.documentType,
      data: input.data,
      totals: totals.totals,
      precedingInvoiceNumber: input.precedingInvoiceNumber,
      precedingInvoiceDate: input.precedingInvoiceDate,
      // None stated: a German or Austrian seller's issue date, as its PDF prints it (domain/supply-date.ts).
      deliveryDate:
        input.data.delivery_date ??
        impliedSupplyDate(
          input.data,
          input.documentType,
          !!input.precedingInvoiceNumber?.trim() ||
            precedingInvoicesOf(input.data).some((preceding) => !!preceding.number?.trim()),
        ),
      attachedFiles: input.attachedFiles,
    });
    return { ok: true, xml: serialize(invoice, input.profile) };
  } catch (error) {
    if (error instanceof EInvoiceError) return { ok: false, problems: error.problems };
    throw error;
  }
}
