/**
 * What each workspace role may do (docs/roles.md is the reader's copy). Roles describe people added to a
 * workspace; a key tied to a member acts with that member's role, read fresh on every request. An
 * account-level key (tied to no member) acts with every right, as the owner does.
 */
import { PERMISSION_NAMES, type Permission, ROLES, type Role } from '../../domain/roles';

export { type Permission, ROLES, type Role };

export const PERMISSIONS = {
  // The owner holds every permission there is.
  owner: PERMISSION_NAMES,
  admin: [
    'workspace:edit',
    'members:manage',
    'resources:write_all',
    'resources:write_own',
    'resources:read_all',
    'books:keep',
    'clients:create',
  ],
  member: ['resources:write_own', 'resources:read_all'],
  // The firm's tax adviser or the office's bookkeeper: reads everything and keeps the books, changes
  // nothing else (no documents, customers, bank account, numbering, branding, members).
  accountant: ['resources:read_all', 'books:keep'],
} as const satisfies Record<Role, readonly Permission[]>;

/**
 * Permissions that hold only inside the member's own workspace: an admin manages the team they belong
 * to, not every team of the account. An owner's rights reach the whole account.
 */
export const WORKSPACE_SCOPED: ReadonlySet<Permission> = new Set(['workspace:edit', 'members:manage']);

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[role] as readonly string[]).includes(permission);
}

const RANK: Record<Role, number> = { accountant: 1, member: 1, admin: 2, owner: 3 };

/** Whether `role` stands above `other` (owner > admin > member, accountant). */
export function outranks(role: Role, other: Role): boolean {
  return RANK[role] > RANK[other];
}

export const atLeast = (role: Role, other: Role): boolean => RANK[role] >= RANK[other];
