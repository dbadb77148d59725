// What the caller on screen may do in the account it shows, so the console offers only the actions their
// role can ever take (the API still decides each request). /auth/me answers the role of the member they act
// as, not a permission list: the table below is docs/roles.md's "What each role may do". No member (an
// account-level key) acts with every right, as the owner does.
import type { Me } from './me';

/** Every permission the service knows (src/domain/roles.ts; test/unit/console-permissions.test.ts). */
export const PERMISSIONS = [
  'account:edit',
  'clients:create',
  'billing:manage',
  'keys:manage_all',
  'workspace:create',
  'workspace:delete',
  'workspace:edit',
  'members:manage',
  'members:manage_owners',
  'resources:write_all',
  'resources:write_own',
  'resources:read_all',
  'books:keep',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

type Role = NonNullable<Me['member']>['role'];

export const HELD: Record<Exclude<Role, 'owner'>, readonly Permission[]> = {
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
  accountant: ['resources:read_all', 'books:keep'],
};

/** An admin manages only the workspace it belongs to; an owner's rights reach the whole account. */
export const WORKSPACE_SCOPED: ReadonlySet<Permission> = new Set(['workspace:edit', 'members:manage']);

let member: Me['member'] = null;

/** Set with every /auth/me the console adopts (main.tsx), before the pages of that account draw. */
export function actAs(me: Me | null): void {
  member = me?.member ?? null;
}

/**
 * Whether the caller's role holds `permission` (in `workspaceId`, for the permissions an admin holds only in
 * its own workspace). Changing something another member made needs `resources:write_all`; a member may
 * still change what they made, so the console offers changes to whoever holds `resources:write_own`.
 */
export function can(permission: Permission, workspaceId?: string): boolean {
  if (member === null || member.role === 'owner') return true;
  if (!HELD[member.role].includes(permission)) return false;
  return (
    workspaceId === undefined || !WORKSPACE_SCOPED.has(permission) || member.workspace_id === workspaceId
  );
}

/** Creating, changing and deleting documents, customers, products, profiles...: not the accountant's. */
export const canWrite = () => can('resources:write_own');

/** A row of a resource the service tracks the creator of (docs/roles.md "Own resources"). */
export interface Owned {
  created_by?: string | null;
}

/**
 * Whether the caller may change or delete `row`: anyone's with `resources:write_all` (owners, admins,
 * account-level keys), their own with `resources:write_own` (a member: `created_by` is the member they act
 * as). A row made by an account-level key or the CLI (`created_by: null`) is someone else's. No row (a new
 * one being made) is theirs.
 */
export function canChange(row: Owned | null | undefined): boolean {
  if (can('resources:write_all')) return true;
  if (!can('resources:write_own')) return false;
  return row == null || (member !== null && row.created_by === member.id);
}
