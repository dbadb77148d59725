import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { PageQuery } from '../../http/schemas';
import type { PaymentRow } from './schema';

const PaymentMethodSchema = t.Union([
  t.Literal('bank_transfer'),
  t.Literal('card'),
  t.Literal('cash'),
  t.Literal('direct_debit'),
  t.Literal('other'),
  t.Literal('early_payment_discount'),
]);

export const Payment = t.Object({
  id: t.String(),
  document_id: t.String(),
  amount: t.String({ description: "Decimal string in the document's currency" }),
  currency: t.String(),
  // No `format`: an answer is checked against its schema, and a version before 2026-12-07 stored days such
  // as 2026-02-30 a request can no longer give (http/date-format.ts); listing them must not fail.
  date: t.String({ description: 'The day the money arrived (YYYY-MM-DD)', examples: ['2026-03-02'] }),
  method: t.Union([PaymentMethodSchema, t.Null()]),
  reference: t.Union([t.String(), t.Null()]),
  note: t.Union([t.String(), t.Null()]),
  created_by: CreatedBy,
  created_at: t.String(),
});
export type Payment = typeof Payment.static;

export const CreatePaymentBody = t.Object(
  {
    amount: t.String({
      description: "A positive decimal string in the document's currency, at most its minor units",
      examples: ['119.00'],
    }),
    date: t.String({ format: 'date', description: 'The day the money arrived (YYYY-MM-DD)' }),
    method: t.Optional(PaymentMethodSchema),
    reference: t.Optional(t.String({ maxLength: 200 })),
    note: t.Optional(t.String({ maxLength: 2000 })),
    discount: t.Optional(
      t.String({
        description:
          'Skonto the payer deducted (a positive amount): recorded beside the payment as a second entry, method early_payment_discount, dated the same, so that amount and discount together settle the invoice. At most what is still due after the amount',
        examples: ['62.76'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePaymentBody = typeof CreatePaymentBody.static;

export const ListPaymentsQuery = t.Object({
  ...PageQuery,
  date_from: t.Optional(t.String({ format: 'date', description: 'Only payments on or after this date' })),
  date_to: t.Optional(t.String({ format: 'date', description: 'Only payments on or before this date' })),
  customer_id: t.Optional(t.String({ description: "Only payments of this customer's documents" })),
});

/** What every payment answer shows, whichever document it is made against. */
export function paymentView(row: Omit<PaymentRow, 'documentId' | 'customerId' | 'accountId' | 'createdBy'>) {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    date: row.date,
    method: row.method,
    reference: row.reference,
    note: row.note,
    created_at: row.createdAt,
  };
}

/** Deleting it needs its own creator (payments/access.ts), so a client is told who that is (docs/roles.md). */
export function presentPayment(row: PaymentRow): Payment {
  return { ...paymentView(row), document_id: row.documentId, ...createdByField(row.createdBy) };
}
