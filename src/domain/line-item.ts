import { Type as t } from '@sinclair/typebox';
import { ObjectIdentifier } from './identifiers';
import { closed, DecimalString, IsoDate, text } from './schema-parts';

// A document's lines: what was sold, how much, at what price, with its taxes, discount and charges, and the
// EN 16931 line terms (BG-25..BG-32).

export const Tax = t.Object(
  {
    name: t.Optional(text(100)),
    rate: DecimalString('Percent, e.g. "19"'),
    inclusive: t.Optional(t.Boolean({ description: 'The unit price already includes this tax' })),
    category: t.Optional(
      t.String({ maxLength: 8, description: 'UNCL5305 code (S, Z, E, AE, K, G, O); never inferred' }),
    ),
    exemption_reason: t.Optional(
      t.String({ maxLength: 300, description: 'EN 16931 BT-120, for E, AE, K, G, O' }),
    ),
    exemption_reason_code: t.Optional(
      t.String({ maxLength: 30, description: 'EN 16931 BT-121, VATEX code' }),
    ),
  },
  closed,
);

export const AllowanceReasonCode = t.String({
  pattern: '^[0-9]{1,3}$',
  description:
    'EN 16931 BT-98 / BT-140: UNTDID 5189, e.g. 95 (discount), 41 (bonus for early delivery); 95 when absent',
});
export const ChargeReasonCode = t.String({
  pattern: '^[A-Z0-9]{1,3}$',
  description:
    'EN 16931 BT-105 / BT-145: UNTDID 7161, e.g. FC (freight), ABL (packaging), AAJ (installation)',
});

export const Discount = t.Object(
  {
    type: t.Union([t.Literal('percentage'), t.Literal('fixed')]),
    value: DecimalString('Percent for percentage, an amount for fixed'),
    reason: t.Optional(text(200)),
    reason_code: t.Optional(AllowanceReasonCode),
  },
  closed,
);

/** BG-28: a charge added to one line (packaging, a deposit), taxed with the line. */
export const LineCharge = t.Object(
  {
    amount: DecimalString('Added to the line amount, zero or more'),
    reason: t.String({ minLength: 1, maxLength: 200, description: 'EN 16931 BT-144' }),
    reason_code: t.Optional(ChargeReasonCode),
  },
  closed,
);

export const LineItem = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300 }),
    line_id: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 100,
        description:
          "EN 16931 BT-126: the line's identifier, as a received invoice states it; default its position (1, 2, ...)",
      }),
    ),
    description: t.Optional(text(2000)),
    quantity: DecimalString('Quantity'),
    unit_price: t.Optional(
      DecimalString('Price per unit (per price_base_quantity units); absent on delivery notes'),
    ),
    price_base_quantity: t.Optional(
      DecimalString(
        'EN 16931 BT-149: the number of units unit_price is for, in the unit of unit_code ("100" for a price per 100 pieces); greater than zero, default 1',
      ),
    ),
    gross_unit_price: t.Optional(
      DecimalString(
        'EN 16931 BT-148: the price before its price discount (BT-147 = gross_unit_price - unit_price), for the same base quantity; at least unit_price',
      ),
    ),
    unit: t.Optional(text(30)),
    sku: t.Optional(text(100)),
    unit_code: t.Optional(
      t.String({ maxLength: 8, description: 'UN/ECE Recommendation 20; any code accepted' }),
    ),
    discount: t.Optional(Discount),
    charges: t.Optional(t.Array(LineCharge, { maxItems: 5, description: 'EN 16931 BG-28: line charges' })),
    taxes: t.Optional(t.Array(Tax, { maxItems: 5 })),
    note: t.Optional(t.String({ maxLength: 1000, description: 'EN 16931 BT-127' })),
    buyer_item_id: t.Optional(t.String({ maxLength: 100, description: "EN 16931 BT-156: the buyer's id" })),
    standard_item_id: t.Optional(
      t.Object(
        {
          id: t.String({ minLength: 1, maxLength: 100 }),
          scheme_id: t.String({
            minLength: 1,
            maxLength: 10,
            description: 'ISO 6523 ICD, e.g. 0160 for a GTIN',
          }),
        },
        { ...closed, description: 'EN 16931 BT-157: e.g. a GTIN' },
      ),
    ),
    origin_country: t.Optional(
      t.String({ pattern: '^[A-Z]{2}$', description: 'EN 16931 BT-159: ISO 3166-1 alpha-2' }),
    ),
    order_line_reference: t.Optional(
      t.String({ maxLength: 100, description: "EN 16931 BT-132: the buyer's order line" }),
    ),
    accounting_reference: t.Optional(
      t.String({
        maxLength: 200,
        description: "EN 16931 BT-133: the buyer's accounting reference for the line",
      }),
    ),
    period: t.Optional(
      t.Object(
        { start_date: t.Optional(IsoDate('BT-134')), end_date: t.Optional(IsoDate('BT-135')) },
        { ...closed, description: 'EN 16931 BG-26: the period this line covers (a subscription month)' },
      ),
    ),
    object_identifier: t.Optional(
      ObjectIdentifier('EN 16931 BT-128: an object the line is about (a meter, a subscription, a vehicle)'),
    ),
    classifications: t.Optional(
      t.Array(
        t.Object(
          {
            id: t.String({ minLength: 1, maxLength: 100 }),
            scheme_id: t.String({
              minLength: 1,
              maxLength: 3,
              description: 'UNTDID 7143, e.g. STI (CPV), HS (customs tariff), TST (UNSPSC)',
            }),
            scheme_version: t.Optional(t.String({ maxLength: 20 })),
          },
          closed,
        ),
        { maxItems: 10, description: 'EN 16931 BT-158: item classification codes' },
      ),
    ),
    attributes: t.Optional(
      t.Array(
        t.Object(
          {
            name: t.String({ minLength: 1, maxLength: 100, description: 'BT-160' }),
            value: t.String({ minLength: 1, maxLength: 300, description: 'BT-161' }),
          },
          closed,
        ),
        {
          maxItems: 30,
          description: 'EN 16931 BG-32: item attributes (colour, size), printed under the line',
        },
      ),
    ),
  },
  closed,
);
export type LineItem = typeof LineItem.static;
