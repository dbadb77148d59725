import { t } from 'elysia';
import { euroRateOf } from '../../domain/euro-rate';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { RECEIVE_WARNING_CODES_TUPLE } from '../../einvoicing/receive/warning-codes';
import { PageQuery } from '../../http/schemas';
import { ComplianceResult } from '../compliance';
import { documentTotals, PaymentStatusSchema } from '../documents';
import { figuresOf, paymentOf, ReceivedPayment } from './payment-view';
import type { ReceivedDocumentRow } from './schema';
import type { ParsedEInvoice } from './use-cases/parse-received';

const Decimal = t.String({ description: 'A decimal string in the invoice currency' });

const ReceivedFormatSchema = t.Union(
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
);

/** A reading note's code (docs/receiving.md, "Reading notes: codes and params"). */
const ReadingNoteCode = t.UnionEnum(RECEIVE_WARNING_CODES_TUPLE, {
  description:
    "What the note says, for a client to word in its own language from `params` (docs/receiving.md, 'Reading notes: codes and params'); `message` says it in English. A client meeting a code it does not know shows `message`",
});
const ReadingNoteParams = t.Record(t.String(), t.String(), {
  description: "The values the message inserts, by name, each a string (the code's own names)",
});

/** The answer of POST /einvoices/parse (docs/receiving.md). */
export const ParsedEInvoiceView = t.Object({
  syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
  format: ReceivedFormatSchema,
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
  warnings: t.Array(
    t.Object({
      term: t.String(),
      path: t.String(),
      message: t.String({ description: 'The note in English' }),
      code: ReadingNoteCode,
      params: ReadingNoteParams,
    }),
  ),
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
    // A note's params leave out what the file does not state: no value is undefined.
    warnings: parsed.warnings as ParsedEInvoiceView['warnings'],
  };
}

export const ReceivedStatusSchema = t.Union([
  t.Literal('received'),
  t.Literal('approved'),
  t.Literal('rejected'),
  t.Literal('paid'),
]);

const Nullable = (schema: ReturnType<typeof t.String>) => t.Union([schema, t.Null()]);

/** A line as a bookkeeper checks it against the delivery: what, how many, at what price, net. */
export const ReceivedLine = t.Object({
  name: t.String(),
  description: Nullable(t.String()),
  quantity: t.String(),
  unit: Nullable(t.String({ description: 'BT-130 as written (a UN/ECE Rec. 20 code) or the unit name' })),
  unit_price: Nullable(t.String({ description: 'BT-146, net' })),
  price_base_quantity: Nullable(
    t.String({ description: 'BT-149: the quantity unit_price is for (null: per unit)' }),
  ),
  gross_unit_price: Nullable(
    t.String({ description: 'BT-148: the price before its price discount (null: none stated)' }),
  ),
  net_amount: Nullable(t.String({ description: 'BT-131: the line after its allowances and charges' })),
  tax_rate: Nullable(t.String({ description: 'BT-152, percent' })),
});

/** The message an e-mailed e-invoice came in. */
export const ReceivedEmailView = t.Object({
  from: Nullable(t.String()),
  subject: Nullable(t.String()),
  date: Nullable(t.String({ description: 'The Date header, ISO 8601' })),
  message_id: Nullable(t.String()),
});

/** A warning of a received document: the file's (term, path, message), or the inbox's, with a code. */
export const ReceivedWarning = t.Object({
  term: t.String(),
  path: t.String(),
  message: t.String(),
  code: t.Optional(
    t.UnionEnum(['differing_total', ...RECEIVE_WARNING_CODES_TUPLE], {
      description:
        "differing_total (the inbox's own finding): another file with the same seller, number, issue date and type states other amounts: no copy, each counts on its own; check which is right. Any other: a reading note of the file, as parse answers it (docs/receiving.md, 'Reading notes: codes and params'); absent on a reading note of a document received before codes were kept",
    }),
  ),
  params: t.Optional(ReadingNoteParams),
  other_file: t.Optional(
    t.Object(
      {
        id: t.String(),
        total: t.String({ description: 'BT-112 as that file states it' }),
        amount_due: t.String({ description: 'BT-115 as that file states it' }),
        currency: t.String(),
      },
      { description: 'differing_total: the other file' },
    ),
  ),
});
export type ReceivedWarning = typeof ReceivedWarning.static;

/** A received e-invoice in the inbox (docs/receiving.md). */
export const ReceivedDocument = t.Object({
  id: t.String({ examples: ['rcv_01jd0000000000000000000000'] }),
  status: ReceivedStatusSchema,
  syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
  profile: t.Union([t.String(), t.Null()]),
  customization_id: t.Union([t.String(), t.Null()]),
  document_type: t.Union([t.Literal('invoice'), t.Literal('credit_note')]),
  type_code: t.String({
    description:
      'EN 16931 BT-3 as written: 380 a commercial invoice, 381 a credit note, 384 a corrected invoice, 389 a self-billed invoice (written by the buyer), 326 a partial invoice…',
  }),
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
  amount_due: t.String({
    description:
      'What is still owed: the stated amount due (BT-115) less the payments; negative when overpaid',
  }),
  amount_paid: t.String({ description: 'The sum of its payments (POST /received-documents/{id}/payments)' }),
  payment_status: PaymentStatusSchema,
  format: t.Union([ReceivedFormatSchema, t.Null()], {
    description:
      'What the file is, as POST /einvoices/parse names it; null for documents received before it was kept',
  }),
  valid: t.Union([t.Boolean(), t.Null()], { description: 'null: no compliance profile applies' }),
  compliance: t.Union([ComplianceResult, t.Null()]),
  warnings: t.Array(ReceivedWarning, {
    description:
      "What the file states that the data does not keep (parse's warnings), and what the inbox found: code differing_total",
  }),
  duplicate_of: t.Union([t.String(), t.Null()], {
    description:
      'The file that counts of the same invoice: same type, seller, number, issue date, currency, total and amount due',
  }),
  note: t.Union([t.String(), t.Null()], { description: "The firm's own note on it (PATCH)" }),
  invoice_note: t.Union([t.String(), t.Null()], {
    description:
      "The seller's notes on the invoice (BT-22, several joined by a blank line; a #CODE# subject prefix left out), as the file states them",
  }),
  exchange_rate: t.Union([t.String(), t.Null()], {
    description:
      "Euros per unit of `currency` for the books (the DATEV export's Kurs): the rate the file states (its accounting currency EUR, BT-6, with the rate behind BT-111), else the one set by PATCH `exchange_rate`; null for a euro document and while none is known",
    examples: ['0.9213'],
  }),
  exchange_rate_source: t.Union([t.Literal('file'), t.Literal('set'), t.Null()], {
    description:
      'Where exchange_rate comes from: file (the file states it; PATCH cannot change it) or set (PATCH exchange_rate); null without a rate',
  }),
  lines: t.Array(ReceivedLine),
  tax_breakdown: t.Array(
    t.Object({
      category: Nullable(t.String({ description: 'UNCL5305 (BT-118)' })),
      rate: t.String({ description: 'Percent (BT-119)' }),
      taxable_amount: t.String({ description: 'BT-116, in the document currency' }),
      tax_amount: t.String({ description: 'BT-117, the input tax (Vorsteuer) to book at this rate' }),
    }),
    {
      description:
        "The VAT per category and rate (BG-23) of the file's lines, allowances and charges, as the totals give them back; empty when its data's totals cannot be computed (docs/receiving.md)",
    },
  ),
  payment: ReceivedPayment,
  source: t.Union([t.Literal('upload'), t.Literal('folder'), t.Literal('email'), t.Literal('network')], {
    description:
      'upload: POST /received-documents; folder: INBOX_DIR or the receive command; email: IMAP_URL; network: a delivery channel (GET /received-documents/{id}/transport)',
  }),
  file_name: Nullable(
    t.String({
      description: 'The file or attachment name (`archive.zip/inner.xml` from a ZIP); null for a body',
    }),
  ),
  email: t.Union([ReceivedEmailView, t.Null()], { description: 'source email: the message it came in' }),
  sha256: t.String(),
  content_type: t.String(),
  size_bytes: t.Integer(),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type ReceivedDocument = typeof ReceivedDocument.static;

/** Euros per unit of its currency for the books: the file's stated rate, else the one set; null for euros or none. */
export function bookedEuroRate(
  row: Pick<ReceivedDocumentRow, 'currency' | 'data' | 'euroRate'>,
): string | null {
  return euroRateOf(row.currency, row.data as Record<string, unknown>) ?? row.euroRate ?? null;
}

/** Whether the books' rate is the file's own or the bookkeeper's; null without one (euros included). */
function euroRateSource(
  row: Pick<ReceivedDocumentRow, 'currency' | 'data' | 'euroRate'>,
): 'file' | 'set' | null {
  if (euroRateOf(row.currency, row.data as Record<string, unknown>)) return 'file';
  return row.euroRate ? 'set' : null;
}

export function presentReceived(row: ReceivedDocumentRow): ReceivedDocument {
  const outcome = documentTotals(row.currency, row.data);
  return {
    id: row.id,
    status: row.status,
    syntax: row.syntax,
    profile: row.profile,
    customization_id: row.customizationId,
    document_type: row.documentType,
    type_code: row.typeCode,
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
    ...figuresOf(row),
    format: row.format,
    valid: row.valid,
    compliance: row.compliance as ReceivedDocument['compliance'],
    warnings: row.warnings as ReceivedWarning[],
    duplicate_of: row.duplicateOf,
    note: row.note,
    invoice_note: row.data.notes?.trim() || null,
    exchange_rate: bookedEuroRate(row),
    exchange_rate_source: euroRateSource(row),
    lines: linesOf(row, outcome),
    tax_breakdown: outcome.ok
      ? outcome.totals.tax_groups.map((group) => ({
          category: group.category,
          rate: group.rate,
          taxable_amount: group.taxable_amount,
          tax_amount: group.tax_amount,
        }))
      : [],
    payment: paymentOf(row),
    source: row.source,
    file_name: row.sourceFileName,
    email: row.sourceEmail ?? null,
    sha256: row.sha256,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** Each line with its net amount as the totals rules give it (null where the data has no price). */
function linesOf(row: ReceivedDocumentRow, outcome: ReturnType<typeof documentTotals>): ReceivedLine[] {
  const items = row.data.line_items ?? [];
  return items.map((item, i) => ({
    name: item.name,
    description: item.description ?? null,
    quantity: item.quantity,
    unit: item.unit_code ?? item.unit ?? null,
    unit_price: item.unit_price ?? null,
    price_base_quantity: item.price_base_quantity ?? null,
    gross_unit_price: item.gross_unit_price ?? null,
    net_amount: outcome.ok ? (outcome.totals.lines[i]?.amount ?? null) : null,
    tax_rate: item.taxes?.[0]?.rate ?? null,
  }));
}
type ReceivedLine = typeof ReceivedLine.static;

export const UpdateReceivedBody = t.Object(
  {
    status: t.Optional(ReceivedStatusSchema),
    note: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
    exchange_rate: t.Optional(
      t.Union(
        [
          t.String({
            pattern: '^[0-9]{1,6}(\\.[0-9]{1,10})?$',
            description:
              "Euros per unit of the document's currency (1 USD = 0.9213 EUR: '0.9213'), for a foreign-currency file that states no rate of its own; null takes it back",
          }),
          t.Null(),
        ],
        { description: 'The rate to the euro the books use (docs/receiving.md, Rates to the euro)' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type UpdateReceivedBody = typeof UpdateReceivedBody.static;

export const ListReceivedQuery = t.Object({
  ...PageQuery,
  status: t.Optional(ReceivedStatusSchema),
  seller: t.Optional(t.String({ maxLength: 200, description: "Part of the seller's name or tax id" })),
  issued_from: t.Optional(
    t.String({ format: 'date', description: 'Only invoices issued on or after this date' }),
  ),
  issued_to: t.Optional(
    t.String({ format: 'date', description: 'Only invoices issued on or before this date' }),
  ),
  valid: t.Optional(t.Union([t.Literal('true'), t.Literal('false')])),
  source: t.Optional(
    t.Union([t.Literal('upload'), t.Literal('folder'), t.Literal('email'), t.Literal('network')], {
      description:
        'How it arrived: upload, folder (INBOX_DIR, receive), email (IMAP_URL) or network (a channel)',
    }),
  ),
});
