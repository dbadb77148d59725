import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { workspaces } from '../workspaces/schema';

/**
 * People who sign in with email and password (docs/sign-in.md). What they may do is their workspace
 * memberships: the account's `workspace_members` rows with the same email.
 */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /**
     * Lower-cased, kept as typed otherwise. Compared as one mailbox (http/email-format.ts emailKey): one
     * person, one sign-in, whatever the case and the domain's spelling (its own letters or IDNA's ASCII).
     */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id (PHC string); null until the person sets one through their one-time link. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_account_idx').on(t.accountId, t.id)],
);

/** A signed-in browser: only the SHA-256 of its cookie's token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * The account the session acts in (switched with POST /sessions/current/account); null: the user's
     * first account. A request's `Account` header overrides it for that request.
     */
    accountId: text('account_id').references(() => accounts.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    /**
     * Signed in with "Remember me" (its cookie outlives the browser): a session that replaces it (a
     * password change) is remembered too.
     */
    remember: integer('remember', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A one-time link: an invitation to a workspace, the first owner's set-up, or a password (re)set for an
 * existing user. Only the SHA-256 of its token is stored; accepting it ends it.
 */
export const invitations = sqliteTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['member', 'owner_setup', 'password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Null for the first owner's set-up: they choose their email on the page. */
    email: text('email'),
    /** The workspace and role a member invitation joins; null for a password link. */
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member', 'accountant'] }),
    /**
     * The invited person's name as the inviter gave it (an office creating a client names its owner): the
     * link's page offers it and accepting without a name takes it. Null: not given.
     */
    name: text('name'),
    /** The user a password link is for. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace member who invited (null: the CLI, an account-level key, the first start). */
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
    index('invitations_account_idx').on(t.accountId),
  ],
);

/**
 * The accounts a user has joined (docs/office.md): their own (the row `users.account_id` names) and every
 * account whose invitation they accepted or that they created as an office. A session reaches an account
 * only with a row here and a workspace membership there; leaving deletes both.
 */
export const userAccounts = sqliteTable(
  'user_accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    joinedAt: createdAt(),
    /** When the user last switched to it (the console's switcher lists the last used first). */
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_accounts_uq').on(t.userId, t.accountId),
    index('user_accounts_account_idx').on(t.accountId),
  ],
);

export type UserAccountRow = typeof userAccounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
