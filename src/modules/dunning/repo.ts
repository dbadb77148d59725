import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type DunningLevel, documentDisputes, dunningPolicies, type ReminderRow, reminders } from './schema';

export function findPolicy(db: DbOrTx, accountId: string) {
  return db.select().from(dunningPolicies).where(eq(dunningPolicies.accountId, accountId)).get();
}

export function upsertPolicy(
  db: DbOrTx,
  row: { accountId: string; enabled: boolean; levels: DunningLevel[]; updatedAt: string },
) {
  return db
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
export function enabledPolicyAccounts(db: DbOrTx): string[] {
  return db
    .select({ accountId: dunningPolicies.accountId })
    .from(dunningPolicies)
    .where(eq(dunningPolicies.enabled, true))
    .all()
    .map((r) => r.accountId);
}

/** False when the document already has a reminder of this level (the unique index decides). */
export function insertReminder(db: DbOrTx, row: ReminderRow): boolean {
  const inserted = db
    .insert(reminders)
    .values(row)
    .onConflictDoNothing({ target: [reminders.documentId, reminders.level] })
    .returning({ id: reminders.id })
    .all();
  return inserted.length > 0;
}

/** A document's reminders, newest first. */
export function remindersOf(db: DbOrTx, accountId: string, documentId: string): ReminderRow[] {
  return db
    .select()
    .from(reminders)
    .where(and(eq(reminders.accountId, accountId), eq(reminders.documentId, documentId)))
    .orderBy(desc(reminders.id))
    .all();
}

export function findDispute(db: DbOrTx, accountId: string, documentId: string) {
  return db
    .select()
    .from(documentDisputes)
    .where(and(eq(documentDisputes.accountId, accountId), eq(documentDisputes.documentId, documentId)))
    .get();
}

export function insertDispute(
  db: DbOrTx,
  row: { documentId: string; accountId: string; note: string | null; createdAt: string },
) {
  return db
    .insert(documentDisputes)
    .values(row)
    .onConflictDoUpdate({ target: documentDisputes.documentId, set: { note: row.note } })
    .returning()
    .get();
}

export function deleteDispute(db: DbOrTx, accountId: string, documentId: string): boolean {
  return (
    db
      .delete(documentDisputes)
      .where(and(eq(documentDisputes.accountId, accountId), eq(documentDisputes.documentId, documentId)))
      .returning({ id: documentDisputes.documentId })
      .all().length > 0
  );
}
