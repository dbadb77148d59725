// The parties and documents an invoice names besides seller and buyer: who is paid (BG-10), the seller's
// tax representative (BG-11), and the documents that support it (BG-24).
import { Type as t } from '@sinclair/typebox';
import { Address } from './address';
import { PartyIdentifier } from './identifiers';

const closed = { additionalProperties: false } as const;

export const Payee = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300, description: 'EN 16931 BT-59' }),
    identifier: t.Optional(PartyIdentifier('EN 16931 BT-60')),
    registration_number: t.Optional(
      t.String({ maxLength: 100, description: 'EN 16931 BT-61: legal registration identifier' }),
    ),
  },
  {
    ...closed,
    description: 'EN 16931 BG-10: the party paid, when not the seller (a factor, a parent company)',
  },
);

export const TaxRepresentative = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300, description: 'EN 16931 BT-62' }),
    vat_id: t.String({ minLength: 1, maxLength: 50, description: 'EN 16931 BT-63' }),
    address: Address, // BG-12, with its country (BR-20)
  },
  { ...closed, description: "EN 16931 BG-11: the seller's tax representative" },
);

/** BG-24: a document that supports the invoice (a timesheet, a delivery receipt), as a file or a link. */
export const SupportingDocument = t.Object(
  {
    id: t.String({ minLength: 1, maxLength: 100, description: 'EN 16931 BT-122: its reference' }),
    description: t.Optional(t.String({ maxLength: 300, description: 'EN 16931 BT-123' })),
    file_id: t.Optional(
      t.String({
        pattern: '^fil_',
        description:
          'EN 16931 BT-125: an uploaded file of this account (PDF, PNG, JPEG, CSV, XLSX or ODS), embedded in the XML and attached to a Factur-X PDF',
      }),
    ),
    url: t.Optional(
      t.String({
        pattern: '^https?://',
        maxLength: 2000,
        description: 'EN 16931 BT-124: where the document can be fetched, instead of a file',
      }),
    ),
  },
  closed,
);
