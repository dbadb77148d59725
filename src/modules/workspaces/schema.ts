import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

export const workspaces = sqliteTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workspaces_account_idx').on(t.accountId, t.id)],
);

export const workspaceMembers = sqliteTable(
  'workspace_members',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'accountant'] }).notNull(),
    /**
     * The office (an account) whose work for this client made the membership (docs/office.md "Who in the
     * office reaches a client"): set when an office creates the client and joins its owners and admins;
     * it ends when the person is no longer in that office. Null for every other membership (a firm's own
     * people, an invitation), which only the client's team ends.
     */
    viaOfficeId: text('via_office_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('workspace_members_email_uq').on(t.workspaceId, t.email)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
