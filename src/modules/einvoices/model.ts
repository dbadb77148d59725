import { t } from 'elysia';
import { PageQuery } from '../../http/schemas';
import { ComplianceResult } from '../compliance';
import type { ReceivedDocumentRow } from './schema';
import type { ParsedEInvoice } from './use-cases/parse-received';

const Decimal = t.String({ description: 'A decimal string in the invoice currency' });

/** The answer of POST /einvoices/parse (docs/receiving.md). */
export const ParsedEInvoiceView = t.Object({
  syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
  format: t.Union(
    [
      t.Literal('en16931'),
      t.Literal('zugferd_1'),
      t.Literal('factur_x_minimum'),
      t.Literal('factur_x_basic_wl'),
      t.Literal('oioubl'),
      t.Literal('zatca'),
      t.Literal('peppol_pint'),
      t.Literal('ehf_2'),
      t.Literal('ubl_other'),
    ],
    {
      description:
        'What the file is: en16931 (any CIUS or extension), or a kind that is no EN 16931 invoice, read as far as it goes and named in the first warning',
    },
  ),
  document_type: t.Union([t.Literal('invoice'), t.Literal('credit_note')]),
  type_code: t.String({ description: 'EN 16931 BT-3 as written' }),
  customization_id: t.Union([t.String(), t.Null()], { description: 'EN 16931 BT-24 as written' }),
  profile: t.Union([t.String(), t.Null()], {
    description: 'The compliance profile BT-24 names, if one of ours',
  }),
  data: t.Record(t.String(), t.Unknown(), { description: 'The document data object (SPEC 2)' }),
  totals: t.Object({
    subtotal: Decimal,
    discount_total: Decimal,
    shipping_total: Decimal,
    net_total: t.String({ description: 'BT-109, the total without VAT' }),
    tax_total: Decimal,
    total: Decimal,
    amount_due: Decimal,
  }),
  compliance: t.Union([ComplianceResult, t.Null()]),
  warnings: t.Array(t.Object({ term: t.String(), path: t.String(), message: t.String() })),
});
export type ParsedEInvoiceView = typeof ParsedEInvoiceView.static;

export function presentParsed(parsed: ParsedEInvoice): ParsedEInvoiceView {
  return {
    syntax: parsed.syntax,
    format: parsed.format,
    document_type: parsed.documentType,
    type_code: parsed.typeCode,
    customization_id: parsed.customizationId,
    profile: parsed.profile,
    data: parsed.data as Record<string, unknown>,
    totals: parsed.totals,
    compliance: parsed.compliance,
    warnings: parsed.warnings,
  };
}

export const ReceivedStatusSchema = t.Union([
  t.Literal('received'),
  t.Literal('approved'),
  t.Literal('rejected'),
  t.Literal('paid'),
]);

/** A received e-invoice in the inbox (docs/receiving.md). */
export const ReceivedDocument = t.Object({
  id: t.String({ examples: ['rcv_01jd0000000000000000000000'] }),
  status: ReceivedStatusSchema,
  syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
  profile: t.Union([t.String(), t.Null()]),
  customization_id: t.Union([t.String(), t.Null()]),
  document_type: t.Union([t.Literal('invoice'), t.Literal('credit_note')]),
  invoice_number: t.Union([t.String(), t.Null()]),
  issue_date: t.Union([t.String(), t.Null()]),
  due_date: t.Union([t.String(), t.Null()]),
  currency: t.String(),
  seller: t.Object({
    name: t.Union([t.String(), t.Null()]),
    tax_id: t.Union([t.String(), t.Null()]),
    electronic_address: t.Union([t.Object({ scheme: t.String(), value: t.String() }), t.Null()]),
  }),
  total: t.String(),
  amount_due: t.String(),
  valid: t.Union([t.Boolean(), t.Null()], { description: 'null: no compliance profile applies' }),
  compliance: t.Union([ComplianceResult, t.Null()]),
  warnings: t.Array(t.Object({ term: t.String(), path: t.String(), message: t.String() })),
  duplicate_of: t.Union([t.String(), t.Null()], {
    description: 'The first received document with the same seller, number and issue date',
  }),
  note: t.Union([t.String(), t.Null()]),
  sha256: t.String(),
  content_type: t.String(),
  size_bytes: t.Integer(),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type ReceivedDocument = typeof ReceivedDocument.static;

export function presentReceived(row: ReceivedDocumentRow): ReceivedDocument {
  return {
    id: row.id,
    status: row.status,
    syntax: row.syntax,
    profile: row.profile,
    customization_id: row.customizationId,
    document_type: row.documentType,
    invoice_number: row.invoiceNumber,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    currency: row.currency,
    seller: {
      name: row.sellerName,
      tax_id: row.sellerTaxId,
      electronic_address: row.sellerElectronicAddress ?? null,
    },
    total: row.total,
    amount_due: row.amountDue,
    valid: row.valid,
    compliance: row.compliance as ReceivedDocument['compliance'],
    warnings: row.warnings,
    duplicate_of: row.duplicateOf,
    note: row.note,
    sha256: row.sha256,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export const UpdateReceivedBody = t.Object(
  {
    status: t.Optional(ReceivedStatusSchema),
    note: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateReceivedBody = typeof UpdateReceivedBody.static;

export const ListReceivedQuery = t.Object({
  ...PageQuery,
  status: t.Optional(ReceivedStatusSchema),
  seller: t.Optional(t.String({ maxLength: 200, description: "Part of the seller's name or tax id" })),
  issued_from: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
  issued_to: t.Optional(t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })),
  valid: t.Optional(t.Union([t.Literal('true'), t.Literal('false')])),
});
