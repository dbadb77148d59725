import { and, asc, count, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped } from '../../db/scoped';
import { emailSpellings } from '../../http/email-format';
import type { PageRequest } from '../../shared/pagination';
import type { Role } from './roles';
import { type WorkspaceMemberRow, type WorkspaceRow, workspaceMembers, workspaces } from './schema';

export async function insertWorkspace(db: DbOrTx, row: WorkspaceRow): Promise<WorkspaceRow> {
  return await db.insert(workspaces).values(row).returning().get();
}

export async function findWorkspace(
  db: DbOrTx,
  accountId: string,
  id: string,
): Promise<WorkspaceRow | undefined> {
  return await db
    .select()
    .from(workspaces)
    .where(scoped(workspaces, accountId, id))
    .get();
}

export async function listWorkspaces(
  db: DbOrTx,
  accountId: string,
  page: PageRequest,
): Promise<WorkspaceRow[]> {
  const scope = eq(workspaces.accountId, accountId);
  return await db
    .select()
    .from(workspaces)
    .where(page.after === null ? scope : and(scope, lt(workspaces.id, page.after)))
    .orderBy(desc(workspaces.id))
    .limit(page.limit + 1)
    .all();
}

export async function renameWorkspace(db: DbOrTx, accountId: string, id: string, name: string, now: string) {
  return await db
    .update(workspaces)
    .set({ name, updatedAt: now })
    .where(scoped(workspaces, accountId, id))
    .returning()
    .get();
}

/** Members go with the workspace (ON DELETE CASCADE). */
export async function deleteWorkspace(db: DbOrTx, accountId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(workspaces)
        .where(scoped(workspaces, accountId, id))
        .returning({ id: workspaces.id })
        .all()
    ).length > 0
  );
}

export async function listMembers(db: DbOrTx, workspaceId: string): Promise<WorkspaceMemberRow[]> {
  return await db
    .select()
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.id))
    .all();
}

export async function findMember(
  db: DbOrTx,
  workspaceId: string,
  id: string,
): Promise<WorkspaceMemberRow | undefined> {
  return await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, id)))
    .get();
}

/** A member of any workspace of the account (what an API key tied to a member points at). */
export async function findMemberInAccount(
  db: DbOrTx,
  accountId: string,
  memberId: string,
): Promise<WorkspaceMemberRow | undefined> {
  return (
    await db
      .select({ member: workspaceMembers })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaces.accountId, accountId), eq(workspaceMembers.id, memberId)))
      .get()
  )?.member;
}

/** The workspace's member for a mailbox, in any spelling (case, IDNA's ASCII or the domain's letters). */
export async function findMemberByEmail(db: DbOrTx, workspaceId: string, email: string) {
  return await db
    .select()
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.email, emailSpellings(email)),
      ),
    )
    .orderBy(asc(workspaceMembers.id))
    .get();
}

export async function insertMember(
  db: DbOrTx,
  row: Omit<WorkspaceMemberRow, 'viaOfficeId'> & { viaOfficeId?: string | null },
): Promise<WorkspaceMemberRow> {
  return await db.insert(workspaceMembers).values(row).returning().get();
}

export async function setMemberRole(
  db: DbOrTx,
  id: string,
  role: Role,
): Promise<WorkspaceMemberRow | undefined> {
  return await db.update(workspaceMembers).set({ role }).where(eq(workspaceMembers.id, id)).returning().get();
}

export async function deleteMember(db: DbOrTx, id: string): Promise<void> {
  await db.delete(workspaceMembers).where(eq(workspaceMembers.id, id)).run();
}

export async function countOwners(db: DbOrTx, workspaceId: string): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
        .get()
    )?.n ?? 0
  );
}

/** The owners of an account's workspaces other than `workspaceId` (who would stay were it deleted). */
export async function countOwnersOutside(
  db: DbOrTx,
  accountId: string,
  workspaceId: string,
): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(
          and(
            eq(workspaces.accountId, accountId),
            ne(workspaces.id, workspaceId),
            eq(workspaceMembers.role, 'owner'),
          ),
        )
        .get()
    )?.n ?? 0
  );
}

/**
 * Every membership of one mailbox (in any spelling) across the account's workspaces (a signed-in user's
 * roles), oldest first.
 */
export async function membershipsOf(
  db: DbOrTx,
  accountId: string,
  email: string,
): Promise<WorkspaceMemberRow[]> {
  return (
    await db
      .select({ member: workspaceMembers })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaces.accountId, accountId), inArray(workspaceMembers.email, emailSpellings(email))))
      .orderBy(asc(workspaceMembers.id))
      .all()
  ).map((row) => row.member);
}

/** The account's oldest workspace (where the first owner and CLI-made users land when none is named). */
export async function firstWorkspace(db: DbOrTx, accountId: string): Promise<WorkspaceRow | undefined> {
  return await db
    .select()
    .from(workspaces)
    .where(eq(workspaces.accountId, accountId))
    .orderBy(asc(workspaces.id))
    .limit(1)
    .get();
}

/** Renames the account's workspaces still called `from` (a team named after the account follows its name). */
export async function renameWorkspacesNamed(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
  now: string,
) {
  await db
    .update(workspaces)
    .set({ name: to, updatedAt: now })
    .where(and(eq(workspaces.accountId, accountId), eq(workspaces.name, from)))
    .run();
}

/**
 * The memberships of one mailbox (in any spelling), in any account, that an office's work for its clients
 * made (`via_office_id`), with the account each is in.
 */
export async function membershipsMadeBy(
  db: DbOrTx,
  officeId: string,
  email: string,
): Promise<{ id: string; accountId: string; role: Role }[]> {
  return await db
    .select({ id: workspaceMembers.id, accountId: workspaces.accountId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(eq(workspaceMembers.viaOfficeId, officeId), inArray(workspaceMembers.email, emailSpellings(email))),
    )
    .orderBy(asc(workspaceMembers.id))
    .all();
}
