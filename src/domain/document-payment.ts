// How a document is to be paid (BG-16..19, BT-20, BT-83): instructions, Skonto, the account, a mandate or a card.
import { Type as t } from '@sinclair/typebox';
import { EarlyPaymentDiscount } from './early-payment-discount';
import { BankAccount } from './party';
import { closed, text } from './schema-parts';

export const Payment = t.Object(
  {
    instructions: t.Optional(text(2000)),
    early_payment_discounts: t.Optional(
      t.Array(EarlyPaymentDiscount, {
        maxItems: 3,
        description:
          'Skonto: a discount for paying within `days` of the issue date. Written into BT-20 as XRechnung prescribes (#SKONTO#TAGE=14#PROZENT=2.00#), printed in words on the PDF',
      }),
    ),
    payment_url: t.Optional(t.String({ pattern: '^https?://', maxLength: 2000 })),
    reference: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 140,
        description:
          'EN 16931 BT-83: the remittance information the payer quotes with the transfer (a structured creditor reference RF18 5390 0754 7034, or any text); the invoice number when absent. Written as PaymentID / PaymentReference, printed under the bank details and put in the EPC QR code',
      }),
    ),
    means_text: t.Optional(
      t.String({
        maxLength: 200,
        description:
          'EN 16931 BT-82: the payment means in words as the seller names them (e.g. "Überweisung"); the code (BT-81) follows from the data',
      }),
    ),
    accepted_methods: t.Optional(t.Array(text(50), { maxItems: 20 })),
    bank_account: t.Optional(BankAccount),
    direct_debit: t.Optional(
      t.Object(
        {
          mandate_reference: t.String({ minLength: 1, maxLength: 100, description: 'EN 16931 BT-89' }),
          creditor_id: t.String({
            minLength: 1,
            maxLength: 100,
            description: "EN 16931 BT-90: the seller's (or payee's) SEPA creditor identifier",
          }),
          debited_account: t.Optional(
            t.String({ maxLength: 64, description: "EN 16931 BT-91: the buyer's account (IBAN) to debit" }),
          ),
        },
        { ...closed, description: 'EN 16931 BG-19: the amount is collected by (SEPA) direct debit' },
      ),
    ),
    card: t.Optional(
      t.Object(
        {
          last_digits: t.String({
            pattern: '^[0-9]{4,6}$',
            description: 'EN 16931 BT-87: the last 4 to 6 digits of the card number, never the whole number',
          }),
          holder_name: t.Optional(t.String({ maxLength: 200, description: 'EN 16931 BT-88' })),
          network: t.Optional(t.String({ maxLength: 50, description: 'e.g. VISA, MASTERCARD' })),
          type: t.Optional(
            t.Union([t.Literal('credit'), t.Literal('debit')], {
              description: 'UNCL4461 54 (credit card) or 55 (debit card); 48 (bank card) when absent',
            }),
          ),
        },
        { ...closed, description: 'EN 16931 BG-18: paid (or to be paid) by payment card' },
      ),
    ),
  },
  closed,
);
