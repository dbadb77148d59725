// The document level allowances and charges (BG-20, BG-21) and its shipping, each with the tax it carries.
import { Type as t } from '@sinclair/typebox';
import { ChargeReasonCode, Discount, Tax } from './line-item';
import { closed, DecimalString, text } from './schema-parts';

/** A document level discount (BG-20); `taxes` limits it to one VAT rate's lines (BT-95/96). */
export const DocumentDiscount = t.Object(
  {
    ...Discount.properties,
    taxes: t.Optional(
      t.Array(Tax, {
        maxItems: 1,
        description:
          'EN 16931 BT-95/96: the tax this allowance reduces; it is then spread over the lines of that tax only (a percentage is of their amount). Default: every line, by amount',
      }),
    ),
  },
  closed,
);

export const Shipping = t.Object(
  {
    description: t.Optional(text(200)),
    reason_code: t.Optional(ChargeReasonCode),
    amount: DecimalString('Shipping charge'),
    taxes: t.Optional(
      t.Array(Tax, { maxItems: 5, description: 'Default: the tax set every line shares, if any' }),
    ),
  },
  closed,
);

/** BG-21: a document level charge besides shipping, taxed like shipping (docs/calculation.md rule 6a). */
export const DocumentCharge = t.Object(
  {
    reason: t.String({ minLength: 1, maxLength: 200, description: 'EN 16931 BT-104, printed in the totals' }),
    reason_code: t.Optional(ChargeReasonCode),
    amount: DecimalString('The charge, zero or more, before tax'),
    taxes: t.Optional(
      t.Array(Tax, { maxItems: 5, description: 'Default: the tax set every line shares, if any' }),
    ),
  },
  closed,
);
