import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type DunningLevel, documentDisputes, dunningPolicies, type ReminderRow, reminders } from './schema';

export async function findPolicy(db: DbOrTx, accountId: string) {
  return await db.select().from(dunningPolicies).where(eq(dunningPolicies.accountId, accountId)).get();
}

export async function upsertPolicy(
  db: DbOrTx,
  row: { accountId: string; enabled: boolean; levels: DunningLevel[]; updatedAt: string },
) {
  return await db
    .insert(dunningPolicies)
    .values(row)
    .onConflictDoUpdate({
      target: dunningPolicies.accountId,
      set: { enabled: row.enabled, levels: row.levels, updatedAt: row.updatedAt },
    })
    .returning()
    .get();
}

/** Accounts whose policy is on: the daily job's work list. */
export async function enabledPolicyAccounts(db: DbOrTx): Promise<string[]> {
  return (
    await db
      .select({ accountId: dunningPolicies.accountId })
      .from(dunningPolicies)
      .where(eq(dunningPolicies.enabled, true))
      .all()
  ).map((r) => r.accountId);
}

/** False when the document already has a reminder of this level (the unique index decides). */
export async function insertReminder(db: DbOrTx, row: ReminderRow): Promise<boolean> {
  const inserted = await db
    .insert(reminders)
    .values(row)
    .onConflictDoNothing({ target: [reminders.documentId, reminders.level] })
    .returning({ id: reminders.id })
    .all();
  return inserted.length > 0;
}

/** Removes a reminder (one whose letter never arrived, replaced by the letter sent again); true if it was there. */
export async function deleteReminder(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(reminders)
    .where(and(eq(reminders.accountId, accountId), eq(reminders.id, id)))
    .returning({ id: reminders.id })
    .all();
  return gone.length > 0;
}

/** A document's reminders, newest first. */
export async function remindersOf(db: DbOrTx, accountId: string, documentId: string): Promise<ReminderRow[]> {
  return await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.accountId, accountId), eq(reminders.documentId, documentId)))
    .orderBy(desc(reminders.id))
    .all();
}

export async function findDispute(db: DbOrTx, accountId: string, documentId: string) {
  return await db
    .select()
    .from(documentDisputes)
    .where(and(eq(documentDisputes.accountId, accountId), eq(documentDisputes.documentId, documentId)))
    .get();
}

export async function insertDispute(
  db: DbOrTx,
  row: { documentId: string; accountId: string; note: string | null; createdAt: string },
) {
  return await db
    .insert(documentDisputes)
    .values(row)
    .onConflictDoUpdate({ target: documentDisputes.documentId, set: { note: row.note } })
    .returning()
    .get();
}

export async function deleteDispute(db: DbOrTx, accountId: string, documentId: string): Promise<boolean> {
  return (
    (
      await db
        .delete(documentDisputes)
        .where(and(eq(documentDisputes.accountId, accountId), eq(documentDisputes.documentId, documentId)))
        .returning({ id: documentDisputes.documentId })
        .all()
    ).length > 0
  );
}
