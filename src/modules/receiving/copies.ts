// The files of one invoice (docs/receiving.md, "Same invoice, other bytes"): one of them counts, the one whose
// `duplicate_of` is null, and the others name it: of those not rejected, one holding payments before one
// without, then the first received (the first received when all are rejected). The payables, the expenses
// (the database's kept rows read `duplicate_of IS NULL`, migration 0040) and the DATEV export count that
// file once. Kept so whenever a file of the group arrives, is rejected or taken back, or is deleted.
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dec, isZero } from '../../domain/money';
import { receivedDocuments as rd } from './schema';

/** The group a file belongs to: the id its files name (its own when it counts, or was counted before). */
export const groupOf = (row: { id: string; duplicateOf: string | null }) => row.duplicateOf ?? row.id;

/**
 * Makes the group `group` names right again: the file that counts (above) has `duplicate_of` null, the
 * others name it. `group` may be a file deleted since: its files then name another.
 */
export async function regroupCopies(db: DbOrTx, accountId: string, group: string): Promise<void> {
  const members = await db
    .select({
      id: rd.id,
      duplicateOf: rd.duplicateOf,
      status: rd.status,
      amountPaid: rd.amountPaid,
      createdAt: rd.createdAt,
    })
    .from(rd)
    .where(and(eq(rd.accountId, accountId), or(eq(rd.id, group), eq(rd.duplicateOf, group))))
    .all();
  if (members.length === 0) return;
  // Not rejected first, then one with payments (they must stay where the payables read them), then the
  // first received.
  const paid = (m: (typeof members)[number]) => !isZero(dec(m.amountPaid));
  const order = (m: (typeof members)[number]) =>
    [m.status === 'rejected' ? 1 : 0, paid(m) ? 0 : 1, m.createdAt, m.id] as const;
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const [head] = [...members].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1] - y[1] || text(x[2], y[2]) || text(x[3], y[3]);
  });
  if (!head) return;
  for (const member of members) {
    const names = member.id === head.id ? null : head.id;
    if (member.duplicateOf === names) continue;
    await db
      .update(rd)
      .set({ duplicateOf: names })
      .where(and(eq(rd.accountId, accountId), eq(rd.id, member.id)));
  }
}
