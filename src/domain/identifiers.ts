// The two kinds of identifier EN 16931 gives with an optional scheme: a party's or location's (an ISO 6523
// ICD such as 0088 for a GLN) and an object's (a UNTDID 1153 reference code).
import { Type as t } from '@sinclair/typebox';

const id = t.String({ minLength: 1, maxLength: 100 });

/** BT-29, BT-46, BT-60, BT-71: `{id, scheme_id?}` with an ISO 6523 ICD scheme. */
export const PartyIdentifier = (description: string) =>
  t.Object(
    {
      id,
      scheme_id: t.Optional(
        t.String({ minLength: 1, maxLength: 10, description: 'ISO 6523 ICD, e.g. 0088 (GLN)' }),
      ),
    },
    { additionalProperties: false, description },
  );

/** BT-18, BT-128: `{id, scheme_id?}` with a UNTDID 1153 scheme (AFL: meter point, AAA: order number). */
export const ObjectIdentifier = (description: string) =>
  t.Object(
    {
      id,
      scheme_id: t.Optional(
        t.String({ minLength: 1, maxLength: 3, description: 'UNTDID 1153, e.g. AFL (meter point)' }),
      ),
    },
    { additionalProperties: false, description },
  );
