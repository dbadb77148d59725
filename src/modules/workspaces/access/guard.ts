import { DomainError } from '../../../shared/errors';
import { can, type Permission, type Role, WORKSPACE_SCOPED } from '../roles';

/** The workspace member a key acts for; null everywhere below means an account-level key (every right). */
export interface ActingMember {
  id: string;
  workspaceId: string;
  role: Role;
  /** A signed-in user's session acts for them (refusals then name the user, not a key). */
  viaSession?: boolean;
}

function denied(member: ActingMember, permission: Permission, why: string): DomainError {
  return new DomainError(
    'forbidden',
    `Missing permission ${permission}: this ${member.viaSession ? 'signed-in user acts as' : 'key acts for'} workspace member ${member.id} with role '${member.role}'${why}`,
    { permission, role: member.role, workspace_member_id: member.id },
  );
}

/**
 * Throws 403 unless the acting key holds `permission`; `workspaceId` names the workspace a workspace-scoped
 * permission is used in (an admin manages only the team they belong to).
 */
export function requirePermission(
  member: ActingMember | null,
  permission: Permission,
  workspaceId?: string,
): void {
  if (member === null) return;
  if (!can(member.role, permission)) throw denied(member, permission, '');
  if (
    member.role !== 'owner' &&
    WORKSPACE_SCOPED.has(permission) &&
    workspaceId !== undefined &&
    workspaceId !== member.workspaceId
  ) {
    throw denied(member, permission, `, which holds only in workspace ${member.workspaceId}`);
  }
}

/** Whether the acting key may change a row with this `created_by`: everyone's rows, or only its own. */
export function mayChange(member: ActingMember | null, createdBy: string | null): boolean {
  if (member === null || can(member.role, 'resources:write_all')) return true;
  return can(member.role, 'resources:write_own') && createdBy !== null && createdBy === member.id;
}

export function requireChangeRight(
  member: ActingMember | null,
  createdBy: string | null,
  what: string,
): void {
  if (member === null || mayChange(member, createdBy)) return;
  // An accountant creates nothing, so "only what they created" would be no reason (docs/roles.md).
  const why = can(member.role, 'resources:write_own')
    ? `; members may change only what they created, and this ${what} is not theirs`
    : `; an accountant keeps the books and changes no ${what}`;
  throw denied(member, 'resources:write_all', why);
}

/**
 * The account's default branding profile and default template shape every render of the account, so
 * choosing, changing or removing them needs `resources:write_all` (owners and admins), also when a member
 * created the resource (docs/roles.md). `acting` is null for account-level keys, jobs and the CLI.
 */
export function requireDefaultRight(acting: ActingMember | null, what: string): void {
  if (acting === null || can(acting.role, 'resources:write_all')) return;
  throw denied(
    acting,
    'resources:write_all',
    `; ${what} sets what every render of the account carries, which only owners and admins change`,
  );
}
