import { t } from 'elysia';
import { MAX_LEVELS } from './policy';
import type { DunningLevel, ReminderRow } from './schema';

export const DunningLevelSchema = t.Object(
  {
    days_after_due: t.Integer({ minimum: 0, maximum: 3650, description: 'Days past the due date' }),
    fee: t.String({
      maxLength: 20,
      description: "A decimal string of at least 0 (at most 2 decimals), charged in the invoice's currency",
      examples: ['5.00'],
    }),
    subject: t.String({
      minLength: 1,
      maxLength: 200,
      description: 'One line: the e-mail subject and the letter title; placeholders such as {number}',
    }),
    message: t.String({
      maxLength: 5000,
      description: "The letter's text; placeholders {number}, {amount_due}, {due_date}... (docs/dunning.md)",
    }),
  },
  { additionalProperties: false },
);

export const DunningPolicy = t.Object({
  enabled: t.Boolean({ description: 'The daily job sends the reminders that are due' }),
  levels: t.Array(DunningLevelSchema, { minItems: 1, maxItems: MAX_LEVELS }),
  updated_at: t.Union([t.String({ format: 'date-time' }), t.Null()], {
    description: 'Null while the account has the defaults',
  }),
});
export type DunningPolicy = typeof DunningPolicy.static;

export const PutDunningPolicyBody = t.Object(
  {
    enabled: t.Boolean(),
    levels: t.Array(DunningLevelSchema, {
      minItems: 1,
      maxItems: MAX_LEVELS,
      description: 'One to four levels, days_after_due ascending',
    }),
  },
  { additionalProperties: false },
);
export type PutDunningPolicyBody = typeof PutDunningPolicyBody.static;

export const SendReminderBody = t.Object(
  {
    level: t.Optional(
      t.Integer({ minimum: 1, maximum: MAX_LEVELS, description: 'Default: the next level not yet sent' }),
    ),
    to: t.Optional(
      t.Array(t.String({ format: 'email', maxLength: 320 }), {
        minItems: 1,
        maxItems: 50,
        description: "Default: the customer's e-mail",
      }),
    ),
    message: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 5000,
        description: "Instead of the level's message (placeholders too)",
      }),
    ),
    attach_einvoice: t.Optional(
      t.Boolean({
        description:
          "Default false: the reminder carries the letter and the invoice PDF as a copy to read, not the customer's e-invoice (an XRechnung or Peppol XML sent again may be registered a second time by the buyer's e-invoice intake). true: the XML as sending the invoice attaches it",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SendReminderBody = typeof SendReminderBody.static;

export const Reminder = t.Object({
  id: t.String({ examples: ['rem_01jd0000000000000000000000'] }),
  document_id: t.String(),
  level: t.Integer({ minimum: 1 }),
  fee: t.String({ description: "Decimal string in the invoice's currency" }),
  amount_due: t.String({ description: 'What was still due on the invoice when the reminder was made' }),
  currency: t.String(),
  pay_by: t.String({ format: 'date', description: 'The new payment date the letter asks for' }),
  delivery_id: t.String({ description: 'The e-mail (GET /api/v1/deliveries/{id})' }),
  created_at: t.String({ format: 'date-time' }),
});
export type Reminder = typeof Reminder.static;

export const Dispute = t.Object({
  document_id: t.String(),
  disputed: t.Boolean(),
  note: t.Union([t.String(), t.Null()]),
});

export function presentReminder(row: ReminderRow): Reminder {
  return {
    id: row.id,
    document_id: row.documentId,
    level: row.level,
    fee: row.fee,
    amount_due: row.amountDue,
    currency: row.currency,
    pay_by: row.payBy,
    delivery_id: row.deliveryId,
    created_at: row.createdAt,
  };
}

export function presentPolicy(policy: {
  enabled: boolean;
  levels: DunningLevel[];
  updatedAt: string | null;
}): DunningPolicy {
  return { enabled: policy.enabled, levels: policy.levels, updated_at: policy.updatedAt };
}
