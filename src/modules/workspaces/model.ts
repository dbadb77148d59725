import { t } from 'elysia';
import type { WorkspaceMemberRow, WorkspaceRow } from './schema';

export const Workspace = t.Object({
  id: t.String(),
  name: t.String(),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type Workspace = typeof Workspace.static;

export const RoleSchema = t.Union([
  t.Literal('owner'),
  t.Literal('admin'),
  t.Literal('member'),
  t.Literal('accountant'),
]);

export const WorkspaceMember = t.Object({
  id: t.String(),
  workspace_id: t.String(),
  email: t.String(),
  role: RoleSchema,
  created_at: t.String({ format: 'date-time' }),
});
export type WorkspaceMember = typeof WorkspaceMember.static;

export const WorkspaceNameBody = t.Object(
  { name: t.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const AddMemberBody = t.Object(
  { email: t.String({ format: 'email', maxLength: 320 }), role: t.Optional(RoleSchema) },
  { additionalProperties: false },
);
export const UpdateMemberBody = t.Object({ role: RoleSchema }, { additionalProperties: false });

export function presentWorkspace(row: WorkspaceRow): Workspace {
  return { id: row.id, name: row.name, created_at: row.createdAt, updated_at: row.updatedAt };
}

export function presentMember(row: WorkspaceMemberRow): WorkspaceMember {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    email: row.email,
    role: row.role,
    created_at: row.createdAt,
  };
}
