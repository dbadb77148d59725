import { Type as t } from '@sinclair/typebox';
import type { FieldError } from './problem';
import { isValidCountry } from './reference';

const text = (max: number) => t.String({ maxLength: max });

/** SPEC 2 Address: `line1` required, `country` ISO 3166-1 alpha-2 (checked against the reference list). */
export const Address = t.Object(
  {
    line1: t.String({ minLength: 1, maxLength: 200 }),
    line2: t.Optional(t.Union([text(200), t.Null()])),
    line3: t.Optional(
      t.Union([
        t.String({ maxLength: 200, description: 'EN 16931 BT-162 / BT-163 / BT-165: a third address line' }),
        t.Null(),
      ]),
    ),
    city: t.Optional(t.Union([text(100), t.Null()])),
    state: t.Optional(t.Union([text(100), t.Null()])),
    postal_code: t.Optional(t.Union([text(20), t.Null()])),
    country: t.Optional(t.Union([t.String({ pattern: '^[A-Z]{2}$' }), t.Null()])),
  },
  { additionalProperties: false },
);
export type Address = typeof Address.static;

/** Checks the schema cannot express; `loc` is where the address sits, e.g. `body.billing_address`. */
export function addressProblems(address: Address | null | undefined, loc: string): FieldError[] {
  if (!address?.country || isValidCountry(address.country)) return [];
  return [
    {
      loc: `${loc}.country`,
      msg: `'${address.country}' is not an ISO 3166-1 country code`,
      type: 'invalid_value',
    },
  ];
}
