// What a document states beside its lines' sums: amounts collected for third parties, tax amounts and totals as
// stated, the VAT total in the accounting currency.
import { Type as t } from '@sinclair/typebox';
import { closed, DecimalString } from './schema-parts';

/** XRechnung BG-DEX-09: one amount the seller collects on behalf of a third party. */
export const ThirdPartyPayment = t.Object(
  {
    type: t.String({
      minLength: 1,
      maxLength: 100,
      pattern: '\\S',
      description: 'XRechnung BT-DEX-001: the kind of payment, e.g. "MobilesBezahlen"',
    }),
    amount: DecimalString(
      "XRechnung BT-DEX-002: collected with this invoice for the third party, in the currency's decimals at most",
    ),
    description: t.String({
      minLength: 1,
      maxLength: 300,
      pattern: '\\S',
      description: 'XRechnung BT-DEX-003: what the payment is for (printed in the totals)',
    }),
  },
  closed,
);

/** EN 16931 BT-117 as stated for one tax group. */
export const StatedTaxAmount = t.Object(
  {
    category: t.Optional(t.String({ maxLength: 8, description: 'UNCL5305 code of the group' })),
    rate: DecimalString('Percent of the group'),
    amount: DecimalString('EN 16931 BT-117: the tax amount stated for the group'),
  },
  closed,
);

export const StatedTotals = t.Object(
  {
    subtotal: t.Optional(DecimalString('EN 16931 BT-106: the sum of the line net amounts, as stated')),
    net_total: t.Optional(DecimalString('EN 16931 BT-109: the total without VAT, as stated')),
    tax_total: t.Optional(DecimalString('EN 16931 BT-110: the VAT total, as stated')),
    total: t.Optional(DecimalString('EN 16931 BT-112: the total with VAT, as stated')),
    amount_due: t.Optional(DecimalString('EN 16931 BT-115: the amount due, as stated')),
  },
  {
    ...closed,
    description:
      'Document totals a received e-invoice states that its lines do not give (no lines, as Factur-X MINIMUM and BASIC WL, or lines that do not add up): they stand in the totals instead of the computed ones (docs/calculation.md rule 8b). Such data cannot be written as an EN 16931 e-invoice',
  },
);

export const TaxCurrency = t.Object(
  {
    currency: t.String({ pattern: '^[A-Z]{3}$', description: 'EN 16931 BT-6: ISO 4217' }),
    exchange_rate: t.String({
      pattern: '^[0-9]{1,9}(\\.[0-9]{1,10})?$',
      description: 'Units of the tax currency per unit of the document currency, e.g. "0.9213"',
    }),
  },
  {
    ...closed,
    description:
      'EN 16931 BT-6/BT-111: an invoice in a foreign currency states its VAT total in the accounting currency too',
  },
);
