/** The workspace roles (docs/roles.md); what each may do is the workspaces module's permission table. */
export const ROLES = ['owner', 'admin', 'member', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

/** Every permission a role may hold; which role holds which is the workspaces module's table. */
export const PERMISSION_NAMES = [
  'account:edit',
  /** Create client accounts: an office's owners and admins (docs/office.md). */
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
  /**
   * The books: record and delete payments, approve or reject received invoices, the accounting settings
   * and exports (an accountant's writes; docs/roles.md).
   */
  'books:keep',
] as const;
export type Permission = (typeof PERMISSION_NAMES)[number];
