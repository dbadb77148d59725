import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from '../../db/columns';
import { accounts } from '../accounts/schema';
import { documents } from '../documents/schema';

export const renders = sqliteTable(
  'renders',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The stored document rendered; null for stateless renders and previews. */
    documentId: text('document_id'),
    documentType: text('document_type').notNull(),
    format: text('format').notNull(),
    templateId: text('template_id').notNull(),
    templateVersion: integer('template_version'),
    pageSize: text('page_size').notNull(),
    /**
     * Its PDF: the render's own file (`renders/…`, deleted by the sweep with the render), or the kept
     * original of its document (`issued/…`, never deleted) when the render serves that.
     */
    blobKey: text('blob_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Money totals as the API reports them (`calculation`). */
    calculation: text('calculation', { mode: 'json' })
      .$type<Record<string, { amount: string; currency: string }>>()
      .notNull(),
    compliance: text('compliance', { mode: 'json' }).$type<Record<string, unknown>>(),
    /**
     * A stored document drawn in another look than its kept original (docs/renders.md): marked "Kopie /
     * Copy" on every page, never linked or attached by a send.
     */
    copy: integer('copy', { mode: 'boolean' }).notNull().default(false),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('renders_account_idx').on(t.accountId, t.id),
    index('renders_expiry_idx').on(t.expiresAt),
    index('renders_document_idx').on(t.accountId, t.documentId, t.id),
  ],
);

export type RenderRow = typeof renders.$inferSelect;

export const ISSUED_KINDS = ['pdf', 'xml'] as const;
export type IssuedKind = (typeof ISSUED_KINDS)[number];

/** What first needed the file: a render, a send, the XML route, the archive or the audit export. */
export const ISSUED_FIRST_USES = ['render', 'send', 'download', 'archive', 'audit'] as const;
export type IssuedFirstUse = (typeof ISSUED_FIRST_USES)[number];

/**
 * The files a stored (not draft) document was issued as, kept byte for byte from their first use (GoBD,
 * § 14 UStG, § 147 AO; docs/renders.md "Issued is issued"): its PDF (`profile` '' for the plain PDF,
 * `factur_x_en16931` for the Factur-X one) and its e-invoice XML per profile. Every later download, send,
 * archive and audit export takes these bytes; nothing ever changes or deletes a row or its file. The key
 * decides races: two first uses at once keep one file, the loser takes the winner's.
 */
export const issuedFiles = sqliteTable(
  'issued_files',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id),
    kind: text('kind', { enum: ISSUED_KINDS }).notNull(),
    /** '' for the plain PDF; the e-invoice profile of a Factur-X PDF or of an XML. */
    profile: text('profile').notNull(),
    /** `issued/<account>/<document>/…`: outside `renders/`, so no sweep ever deletes it. */
    blobKey: text('blob_key').notNull(),
    contentType: text('content_type').notNull(),
    /** Lower-case hex SHA-256 of exactly the bytes kept. */
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    firstUse: text('first_use', { enum: ISSUED_FIRST_USES }).notNull(),
    /** A PDF's look: a later render in another one is a copy. Null for XML. */
    templateId: text('template_id'),
    templateVersion: integer('template_version'),
    pageSize: text('page_size'),
    /** A Factur-X PDF's compliance check, as its render recorded it; null otherwise. */
    compliance: text('compliance', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.kind, t.profile] }),
    index('issued_files_account_idx').on(t.accountId, t.documentId),
  ],
);

export type IssuedFileRow = typeof issuedFiles.$inferSelect;
