/** The workspace roles (docs/roles.md); what each may do is the workspaces module's permission table. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
