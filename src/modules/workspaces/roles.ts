/**
 * What each workspace role may do (docs/roles.md is the reader's copy). API keys belong to the account
 * and act with owner rights; roles govern people added to a workspace. The API enforces the invariants a
 * membership list must keep whoever calls it: a workspace that has an owner always keeps at least one.
 */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  owner: [
    'billing:manage',
    'workspace:delete',
    'members:manage',
    'resources:write_all',
    'resources:read_all',
  ],
  admin: ['members:manage', 'resources:write_all', 'resources:read_all'],
  member: ['resources:write_own', 'resources:read_all'],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[Role][number];

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[role] as readonly string[]).includes(permission);
}
