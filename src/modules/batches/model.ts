import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { PageSizeSchema, RenderDocumentData } from '../renders';
import type { BatchItemRow, BatchRow } from './schema';

/** Items per batch. The spec sets only the minimum (1); 10,000 one-page invoices take about a minute. */
export const MAX_BATCH_ITEMS = 10_000;
/** A combined PDF is assembled in memory, so it is offered for batches up to this size. */
export const MAX_COMBINED_ITEMS = 1_000;

/** A batch item's document data is a stateless render's (renders/model.ts: `issue_date`, `seller`, `buyer` required). */
export const BatchItemData = RenderDocumentData;

export const BatchItemInput = t.Object(
  {
    external_id: t.Optional(
      t.String({ minLength: 1, maxLength: 200, description: 'Your reference; names the PDF in the ZIP' }),
    ),
    document_type: t.Optional(t.Literal('invoice', { description: 'Only invoice (the default)' })),
    data: BatchItemData,
  },
  { additionalProperties: false },
);

export const CreateBatchBody = t.Object(
  {
    operation: t.Optional(t.Literal('render', { description: 'Only render (the default)' })),
    items: t.Array(BatchItemInput, { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
    template_id: t.Optional(t.String({ description: 'tpl_ or ctpl_ id; default tpl_modern' })),
    template_version: t.Optional(
      t.Integer({
        minimum: 1,
        description: 'Pin a custom template version; default: current config per item',
      }),
    ),
    output: t.Optional(
      t.Object(
        {
          format: t.Optional(t.Literal('pdf')),
          combine: t.Optional(t.Boolean({ description: 'Also one PDF of every completed item, in order' })),
          archive_format: t.Optional(t.Literal('zip')),
          page_size: t.Optional(PageSizeSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CreateBatchBody = typeof CreateBatchBody.static;

const Timestamp = t.String({ format: 'date-time' });
const NullableTimestamp = t.Union([Timestamp, t.Null()]);

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const Batch = t.Object({
  id: t.String({ examples: ['batch_01jd0000000000000000000000'] }),
  status: t.Union([
    t.Literal('queued'),
    t.Literal('processing'),
    t.Literal('completed'),
    t.Literal('failed'),
    t.Literal('cancelled'),
  ]),
  operation: t.Literal('render'),
  template_id: t.String(),
  template_version: t.Union([t.Integer(), t.Null()]),
  output: t.Object({
    format: t.Literal('pdf'),
    combine: t.Boolean(),
    archive_format: t.Literal('zip'),
    page_size: t.Union([t.Literal('LETTER'), t.Literal('A4')]),
  }),
  total_items: t.Integer(),
  completed_items: t.Integer(),
  failed_items: t.Integer(),
  error_message: t.Union([t.String(), t.Null()]),
  created_by: CreatedBy,
  created_at: Timestamp,
  updated_at: Timestamp,
  completed_at: NullableTimestamp,
});
export type Batch = typeof Batch.static;

export const BatchItem = t.Object({
  id: t.String({ examples: ['bi_01jd0000000000000000000000'] }),
  batch_id: t.String(),
  external_id: t.Union([t.String(), t.Null()]),
  document_type: t.Literal('invoice'),
  status: t.Union([t.Literal('queued'), t.Literal('completed'), t.Literal('failed')]),
  render_id: t.Union([t.String(), t.Null()]),
  error_message: t.Union([t.String(), t.Null()]),
  created_at: Timestamp,
});
export type BatchItem = typeof BatchItem.static;

export function presentBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    status: row.status,
    operation: 'render',
    template_id: row.templateId,
    template_version: row.templateVersion,
    output: { ...row.output, page_size: row.output.page_size ?? 'LETTER' },
    total_items: row.totalItems,
    completed_items: row.completedItems,
    failed_items: row.failedItems,
    error_message: row.errorMessage,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    completed_at: row.completedAt,
  };
}

export function presentBatchItem(row: BatchItemRow): BatchItem {
  return {
    id: row.id,
    batch_id: row.batchId,
    external_id: row.externalId,
    document_type: 'invoice',
    status: row.status,
    render_id: row.renderId,
    error_message: row.errorMessage,
    created_at: row.createdAt,
  };
}
