// The files of one invoice (docs/receiving.md, "Same invoice, other bytes"): one of them counts, the one whose
// `duplicate_of` is null, and the others name it. It is the first received that is not rejected (the first
// received when all are): the payables, the expenses (the database's kept rows read `duplicate_of IS NULL`,
// migration 0040) and the DATEV export count that file once. Kept so whenever a file of the group arrives,
// changes status or is deleted.
import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { receivedDocuments as rd } from './schema';

/** The group a file belongs to: the id its files name (its own when it counts, or was counted before). */
export const groupOf = (row: { id: string; duplicateOf: string | null }) => row.duplicateOf ?? row.id;

/**
 * Makes the group `group` names right again: its first file that is not rejected counts (`duplicate_of`
 * null), the others name it. `group` may be a file deleted since: its files then name another.
 */
export async function regroupCopies(db: DbOrTx, accountId: string, group: string): Promise<void> {
  const members = await db
    .select({ id: rd.id, duplicateOf: rd.duplicateOf, status: rd.status, createdAt: rd.createdAt })
    .from(rd)
    .where(and(eq(rd.accountId, accountId), or(eq(rd.id, group), eq(rd.duplicateOf, group))))
    .all();
  if (members.length === 0) return;
  const order = (m: (typeof members)[number]) =>
    [m.status === 'rejected' ? 1 : 0, m.createdAt, m.id] as const;
  const [head] = [...members].sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return (
      x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0)
    );
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
