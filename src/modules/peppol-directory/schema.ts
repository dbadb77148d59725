import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from '../../db/columns';

/**
 * The last Peppol lookup of each participant, shared by every account (what the SML and the SMPs publish
 * is public and the same for all): the key is the identifier lowercased, as participant ids are
 * case-insensitive. A row answers for 24 hours when its lookup succeeded (`error` null); a failed lookup
 * leaves its message and unknown (null) answers.
 */
export const peppolLookups = sqliteTable(
  'peppol_lookups',
  {
    /** The ICD (`0088`). */
    scheme: text('scheme').notNull(),
    /** The identifier's value, lowercased. */
    value: text('value').notNull(),
    registered: integer('registered', { mode: 'boolean' }),
    invoice: integer('invoice', { mode: 'boolean' }),
    creditNote: integer('credit_note', { mode: 'boolean' }),
    xrechnungUbl: integer('xrechnung_ubl', { mode: 'boolean' }),
    xrechnungCii: integer('xrechnung_cii', { mode: 'boolean' }),
    smpUrl: text('smp_url'),
    checkedAt: timestamp('checked_at').notNull(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.scheme, t.value] })],
);

export type PeppolLookupRow = typeof peppolLookups.$inferSelect;
