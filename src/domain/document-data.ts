// The document data object of SPEC 2 (seller, buyer, identity and content) as a schema and a type: the
// vocabulary the renderer, the e-invoice writer and every module share. Imports nothing of the service.
import { Type as t } from '@sinclair/typebox';
import { contentFields } from './document-content';
import { Party } from './party';

const closed = { additionalProperties: false } as const;

export const DateString = (description: string) =>
  t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description, examples: ['2026-11-21'] });
export const CurrencyCode = t.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217', examples: ['EUR'] });
// Literal unions written out: Elysia's `t.UnionEnum` would be shorter, but in a query string Elysia fills
// an omitted optional UnionEnum with its first value, silently turning "no filter" into a filter.
export const DocumentTypeSchema = t.Union([
  t.Literal('invoice'),
  t.Literal('credit_note'),
  t.Literal('quote'),
  t.Literal('receipt'),
  t.Literal('proforma'),
  t.Literal('purchase_order'),
  t.Literal('delivery_note'),
]);

/** The fields that identify a document besides its number (SPEC 2). */
export const documentIdentity = {
  issue_date: DateString('Issue date'),
  due_date: t.Optional(DateString('Due date, not before the issue date')),
  currency: CurrencyCode,
  locale: t.Optional(t.String({ maxLength: 20, description: 'BCP 47, from the locales reference list' })),
  reason: t.Optional(t.String({ maxLength: 1000, description: 'Credit notes only' })),
};

/** The document data object of SPEC 2, used by the stateless operations (and shown as a stored document's `data`). */
export const DocumentData = t.Object(
  {
    invoice_number: t.Optional(t.String({ maxLength: 100 })),
    issue_date: t.Optional(documentIdentity.issue_date),
    due_date: documentIdentity.due_date,
    currency: CurrencyCode,
    locale: documentIdentity.locale,
    reason: documentIdentity.reason,
    seller: t.Optional(Party),
    buyer: t.Optional(Party),
    ...contentFields,
  },
  closed,
);
export type DocumentData = typeof DocumentData.static;

/** What names taxes in a document: its lines, its shipping and its charges. */
export interface Taxed<T> {
  line_items?: readonly { taxes?: readonly T[] }[];
  shipping?: { taxes?: readonly T[] };
  charges?: readonly { taxes?: readonly T[] }[];
}

/** Every tax the document names: its lines', its shipping's and its charges'. */
export function documentTaxes<T>(data: Taxed<T>): T[] {
  return [
    ...(data.line_items ?? []).flatMap((line) => line.taxes ?? []),
    ...(data.shipping?.taxes ?? []),
    ...(data.charges ?? []).flatMap((charge) => charge.taxes ?? []),
  ];
}

export const StatelessBody = t.Object(
  { document_type: t.Optional(DocumentTypeSchema), data: DocumentData },
  closed,
);
export type StatelessBody = typeof StatelessBody.static;
