// Files of one seller, number, issue date and type that state different amounts (docs/receiving.md, "Same
// number, another total"): no copies of each other, so each counts on its own (copies.ts groups only files
// that agree), and each carries a warning naming the other, kept in its `warnings` with the code
// `differing_total`: a corrected resend under the same number, or a mistake, which a person decides by
// rejecting the wrong one. Written again whenever a file of that number arrives, is rejected or taken back,
// or is deleted.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dec, toFixedString } from '../../domain/money';
import { minorUnitsOf } from '../documents';
import { groupOf } from './copies';
import { sameFigures, sameSeller } from './same-invoice';
import { type ReceivedDocumentRow, type ReceivedWarning, receivedDocuments as rd } from './schema';

export const DIFFERING_TOTAL = 'differing_total' as const;

/** Files of one number read at most (a flood of files of one number costs no more than this). */
const FILES_OF_A_NUMBER = 50;

export type InvoiceKey = Pick<ReceivedDocumentRow, 'invoiceNumber' | 'issueDate' | 'documentType'>;

type FileOfNumber = Pick<
  ReceivedDocumentRow,
  | 'id'
  | 'status'
  | 'duplicateOf'
  | 'currency'
  | 'total'
  | 'amountDue'
  | 'sellerName'
  | 'sellerTaxId'
  | 'warnings'
> & { taxId: string | null; taxNumber: string | null };

const amount = (value: string, currency: string) => toFixedString(dec(value), minorUnitsOf(currency));

function warningAbout(other: FileOfNumber): ReceivedWarning {
  const [total, due] = [amount(other.total, other.currency), amount(other.amountDue, other.currency)];
  const stated = total === due ? total : `${total}, amount due ${due}`;
  return {
    term: 'BT-112',
    path: 'total',
    code: DIFFERING_TOTAL,
    message: `Another file with the same seller, number and issue date (${other.id}) states a different total (${stated} ${other.currency}): each counts on its own; check which is right and reject the other`,
    other_file: { id: other.id, total, amount_due: due, currency: other.currency },
  };
}

/**
 * Writes the `differing_total` warnings of the files of one number, day and type anew: each file not
 * rejected names every other one not rejected of the same seller whose amounts differ and that is the file
 * that counts of its invoice (or a file of its own invoice, kept together before amounts were compared).
 */
export async function markDifferingTotals(db: DbOrTx, accountId: string, key: InvoiceKey): Promise<void> {
  if (key.invoiceNumber === null || key.issueDate === null) return;
  const files: FileOfNumber[] = await db
    .select({
      id: rd.id,
      status: rd.status,
      duplicateOf: rd.duplicateOf,
      currency: rd.currency,
      total: rd.total,
      amountDue: rd.amountDue,
      sellerName: rd.sellerName,
      sellerTaxId: rd.sellerTaxId,
      warnings: rd.warnings,
      taxId: sql<string | null>`json_extract(${rd.data}, '$.seller.tax_id')`,
      taxNumber: sql<string | null>`json_extract(${rd.data}, '$.seller.tax_number')`,
    })
    .from(rd)
    .where(
      and(
        eq(rd.accountId, accountId),
        eq(rd.invoiceNumber, key.invoiceNumber),
        eq(rd.issueDate, key.issueDate),
        eq(rd.documentType, key.documentType),
      ),
    )
    .orderBy(asc(rd.id))
    .limit(FILES_OF_A_NUMBER)
    .all();
  const seller = (f: FileOfNumber) => ({ name: f.sellerName, ids: [f.sellerTaxId, f.taxId, f.taxNumber] });
  const live = files.filter((f) => f.status !== 'rejected');
  for (const file of files) {
    const others =
      file.status === 'rejected'
        ? []
        : live.filter(
            (other) =>
              other.id !== file.id &&
              (other.duplicateOf === null || groupOf(other) === groupOf(file)) &&
              !sameFigures(file, other) &&
              sameSeller(seller(file), seller(other)),
          );
    const kept = file.warnings.filter((w) => w.code !== DIFFERING_TOTAL);
    const warnings = [...kept, ...others.map(warningAbout)];
    if (JSON.stringify(warnings) === JSON.stringify(file.warnings)) continue;
    await db
      .update(rd)
      .set({ warnings })
      .where(and(eq(rd.accountId, accountId), eq(rd.id, file.id)));
  }
}
