import { t } from 'elysia';

const Money = (description?: string) =>
  t.String({
    description: description ?? 'Exact decimal in the currency’s minor units',
    examples: ['1190.00'],
  });
const Day = (description: string) => t.String({ format: 'date', description });

export const AsOfQuery = t.Object({
  as_of: t.Optional(
    Day(
      'The day the report is for (default: the firm’s today, in its business profiles’ time zone; UTC when they name none)',
    ),
  ),
});

export const RangeQuery = t.Object({
  from: t.Optional(Day('First day, included (default: 1 January of `to`’s year)')),
  to: t.Optional(Day('Last day, included (default: today)')),
  group: t.Optional(t.Literal('month', { description: 'The only grouping: calendar months' })),
});

export const StatementQuery = t.Object({
  from: t.Optional(Day('First day, included (default: 1 January of `to`’s year)')),
  to: t.Optional(Day('Last day, included (default: today)')),
  locale: t.Optional(
    t.String({
      maxLength: 35,
      description: 'PDF only: its language (default: the customer’s latest document’s)',
    }),
  ),
  business_profile_id: t.Optional(
    t.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Only the documents (and their payments) of this seller: a statement is one seller’s. The PDF needs it when the customer has documents of more than one (`sellers`)',
    }),
  ),
});

const Ageing = t.Object({
  '0-30': Money(),
  '31-60': Money(),
  '61-90': Money(),
  '90+': Money(),
});

const AgeingFields = {
  currency: t.String(),
  open: Money('Open items less credits: what is owed (negative: what is owed back)'),
  current: Money('Open items not yet past their due date'),
  overdue: Money('Open items past their due date (the sum of the ageing buckets)'),
  credits: Money('Credit notes and overpayments no open item absorbed'),
  ageing: Ageing,
  open_items: t.Integer({ description: 'Invoices with an amount due' }),
};
const AgeingFigures = t.Object(AgeingFields);

export const ReceivablesReport = t.Object({
  as_of: t.String({ format: 'date' }),
  currencies: t.Array(AgeingFigures),
  customers: t.Array(t.Object({ customer: t.Object({ id: t.String(), name: t.String() }), ...AgeingFields })),
});

export const PayablesReport = t.Object({
  as_of: t.String({ format: 'date' }),
  currencies: t.Array(AgeingFigures),
  suppliers: t.Array(
    t.Object({
      supplier: t.Object({ name: t.Union([t.String(), t.Null()]), tax_id: t.Union([t.String(), t.Null()]) }),
      ...AgeingFields,
    }),
  ),
});

const RateFigures = t.Object({
  category: t.Union([t.String(), t.Null()], { description: 'UNCL5305 VAT category' }),
  rate: t.String({ description: 'Percent' }),
  net: Money(),
  tax: Money(),
});

const MonthFigures = t.Object({
  month: t.String({ description: 'YYYY-MM' }),
  net: Money(),
  tax: Money(),
  gross: Money(),
  documents: t.Integer(),
  by_tax_rate: t.Optional(t.Array(RateFigures)),
});

export const PeriodReport = t.Object({
  from: t.String({ format: 'date' }),
  to: t.String({ format: 'date' }),
  group: t.Literal('month'),
  basis: t.Literal('issue_date'),
  currencies: t.Array(
    t.Object({
      currency: t.String(),
      net: Money(),
      tax: Money(),
      gross: Money(),
      months: t.Array(MonthFigures),
    }),
  ),
});

const Nullable = t.Union([t.String(), t.Null()]);

export const StatementSchema = t.Object({
  customer: t.Object({ id: t.String(), name: t.String() }),
  from: t.String({ format: 'date' }),
  to: t.String({ format: 'date' }),
  business_profile_id: t.Union([t.String(), t.Null()], {
    description: 'The seller asked for (`?business_profile_id`); null: every seller’s documents',
  }),
  sellers: t.Array(t.Object({ id: t.String(), name: t.String() }), {
    description:
      'The business profiles the customer’s documents up to `to` are from, whichever was asked for (more than one: ask for one statement each)',
  }),
  currencies: t.Array(
    t.Object({
      currency: t.String(),
      opening_balance: Money('What the customer owed before `from`'),
      entries: t.Array(
        t.Object({
          // No `format`: a payment's day as stored (payments/model.ts).
          date: t.String({ description: 'YYYY-MM-DD' }),
          type: t.Union([t.Literal('invoice'), t.Literal('credit_note'), t.Literal('payment')]),
          document_id: t.String(),
          number: t.String(),
          payment_id: Nullable,
          payment_method: t.Union([t.String(), t.Null()], {
            description:
              'A payment’s method: `early_payment_discount` is Skonto the customer deducted, no money',
          }),
          due_date: Nullable,
          reference: Nullable,
          amount: Money('Positive: billed; negative: credited or paid'),
          balance: Money('The running balance after this entry'),
        }),
      ),
      closing_balance: Money('What the customer owes on `to`'),
      overdue: t.Object({
        amount: Money(),
        documents: t.Array(
          t.Object({
            document_id: t.String(),
            number: t.String(),
            due_date: t.String(),
            days_overdue: t.Integer(),
            amount_due: Money(),
          }),
        ),
      }),
    }),
  ),
});
