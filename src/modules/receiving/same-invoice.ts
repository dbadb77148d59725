// When two received files are of one invoice (docs/receiving.md, "Same invoice, other bytes"): the same
// seller, number, issue date and document type, stating the same amounts. Pure: the queries are repo.ts's
// (findSameInvoice) and differing-totals.ts's.
import { cmp, dec } from '../../domain/money';

/** The seller's tax ids as the same invoice's files may state them, for comparing: letters and digits only. */
export function sellerIds(ids: readonly (string | null | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    const bare = (id ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
    if (bare !== '') out.add(bare);
  }
  return out;
}

/** Of the tax ids, the VAT ids (a country's two letters first; a Steuernummer is digits), compared bare. */
export const vatIds = (ids: readonly (string | null | undefined)[]) =>
  new Set([...sellerIds(ids)].filter((id) => /^[A-Z]{2}[0-9A-Z]/.test(id)));

/** Two sets of VAT ids that are both stated and share none: two sellers. */
export const vatConflict = (ours: Set<string>, theirs: Set<string>) =>
  ours.size > 0 && theirs.size > 0 && ![...ours].some((id) => theirs.has(id));

/** A file's seller as compared: its name and every tax id it states (BT-31, BT-32, as kept). */
export interface SellerOfFile {
  name: string | null;
  ids: readonly (string | null | undefined)[];
}

/**
 * One seller: the two share a tax id (written either way) unless both state VAT ids that differ; when
 * either states none, their names are equal. (findSameInvoice also keeps a whole invoice's VAT ids apart.)
 */
export function sameSeller(a: SellerOfFile, b: SellerOfFile): boolean {
  if (vatConflict(vatIds(a.ids), vatIds(b.ids))) return false;
  const [ours, theirs] = [sellerIds(a.ids), sellerIds(b.ids)];
  if (ours.size > 0 && theirs.size > 0) return [...ours].some((id) => theirs.has(id));
  return (a.name ?? '') === (b.name ?? '');
}

/** What a file states to be paid and booked: BT-112, BT-115 (as stated, not less payments) and currency. */
export interface StatedFigures {
  currency: string;
  total: string;
  amountDue: string;
}

/**
 * The same amounts, compared as numbers (`7125` = `7125.00`): a file stating another total or amount due
 * under the same number is no copy (a corrected resend, a mistake) and counts on its own, with a warning.
 */
export const sameFigures = (a: StatedFigures, b: StatedFigures) =>
  a.currency === b.currency &&
  cmp(dec(a.total), dec(b.total)) === 0 &&
  cmp(dec(a.amountDue), dec(b.amountDue)) === 0;
