import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from '../db/columns';

/** The principal of requests made with an account-level key (no workspace member). */
export const ACCOUNT_PRINCIPAL = 'account';

/**
 * One row per (account, principal, Idempotency-Key). A row is claimed (`response_status` null) before the
 * handler runs, so a second request with the same key arriving meanwhile cannot run the write twice.
 * `principal` is who made the request: the workspace member (`wsm_` id) a key acts for, or
 * `ACCOUNT_PRINCIPAL` for account-level keys. Two members choosing the same key never see each other's
 * stored answers (rows stored before the column existed read as account level).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    principal: text('principal').notNull().default(ACCOUNT_PRINCIPAL),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: text('response_headers'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.principal, t.key] })],
);
