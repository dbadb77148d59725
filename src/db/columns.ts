import { text } from 'drizzle-orm/sqlite-core';

/** Timestamps are ISO 8601 UTC strings: they sort as text and read back exactly as the API shows them. */
export const timestamp = (name: string) => text(name);

export const createdAt = () => timestamp('created_at').notNull();
export const updatedAt = () => timestamp('updated_at').notNull();
