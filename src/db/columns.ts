import { text } from 'drizzle-orm/sqlite-core';

/** Timestamps are ISO 8601 UTC strings: they sort as text and read back exactly as the API shows them. */
export const timestamp = (name: string) => text(name);

export const createdAt = () => timestamp('created_at').notNull();
export const updatedAt = () => timestamp('updated_at').notNull();

/**
 * The workspace member (`wsm_` id) a row was created for, null when an account-level key, the CLI or a job
 * acting for nobody created it. Members may change only their own rows (docs/roles.md).
 */
export const createdBy = () => text('created_by');
