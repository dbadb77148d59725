import { Type as t } from '@sinclair/typebox';
import { Address } from './address';
import { PartyIdentifier } from './identifiers';

export const BankAccount = t.Object(
  {
    bank_name: t.Optional(t.String({ maxLength: 200 })),
    account_number: t.Optional(t.String({ maxLength: 64 })),
    routing_number: t.Optional(t.String({ maxLength: 64 })),
    swift: t.Optional(t.String({ maxLength: 11 })),
    account_name: t.Optional(
      t.String({ maxLength: 200, description: 'EN 16931 BT-85: the name the account is held in' }),
    ),
  },
  { additionalProperties: false },
);
export type BankAccount = typeof BankAccount.static;

/** Seller or buyer as a document carries it (SPEC 2 Party): a snapshot, not a reference. */
/** EN 16931 BT-34 (seller) / BT-49 (buyer): where e-invoices reach the party, e.g. a Peppol id. */
export const ElectronicAddress = t.Object(
  {
    scheme: t.String({
      minLength: 1,
      maxLength: 10,
      description: 'EAS code, e.g. 0088 (GLN), 9930 (DE VAT), EM (email)',
    }),
    value: t.String({ minLength: 1, maxLength: 200 }),
  },
  {
    additionalProperties: false,
    description: 'EN 16931 BT-34 (seller) / BT-49 (buyer), e.g. a Peppol id',
  },
);

export const Party = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300 }),
    legal_name: t.Optional(t.String({ maxLength: 300 })),
    email: t.Optional(t.String({ maxLength: 320 })),
    phone: t.Optional(t.String({ maxLength: 50 })),
    website: t.Optional(t.String({ maxLength: 300 })),
    contact_name: t.Optional(
      t.String({
        maxLength: 200,
        description:
          'EN 16931 BT-41 (seller) / BT-56 (buyer): the contact person or department; default: the party itself',
      }),
    ),
    tax_id: t.Optional(t.String({ maxLength: 50 })),
    tax_number: t.Optional(
      t.String({
        maxLength: 50,
        description:
          "The seller's national tax number (German Steuernummer), EN 16931 BT-32; tax_id stays the VAT id",
      }),
    ),
    registration_number: t.Optional(
      t.String({
        maxLength: 200,
        description: 'Commercial register entry, e.g. "HRB 123456 B, Amtsgericht Charlottenburg"',
      }),
    ),
    managing_directors: t.Optional(
      t.String({ maxLength: 500, description: 'Printed on the PDF (German companies must name them)' }),
    ),
    legal_info: t.Optional(
      t.String({
        maxLength: 1000,
        description:
          'EN 16931 BT-33, the seller only: additional legal information such as share capital, register court or directors',
      }),
    ),
    registration_scheme: t.Optional(
      t.String({
        pattern: '^[0-9]{4}$',
        description:
          'EN 16931 BT-30 (seller) / BT-47 (buyer) scheme: the ISO 6523 ICD of registration_number (0184 a Danish CVR, 0002 a SIREN); default: the one its country and format imply, if any',
      }),
    ),
    address: t.Optional(Address),
    bank_account: t.Optional(BankAccount),
    identifier: t.Optional(
      PartyIdentifier(
        "EN 16931 BT-29 (seller) / BT-46 (buyer): an id such as a GLN, or the buyer's customer number",
      ),
    ),
    electronic_address: t.Optional(ElectronicAddress),
  },
  { additionalProperties: false },
);
export type Party = typeof Party.static;

const stated = (value: string | null | undefined): boolean => !!value?.trim();

/**
 * A party that states something only a business has: a VAT, tax or register number, an identifier with its
 * scheme, a network address other than an e-mail. What tells a firm from a private person where the data
 * has no such flag (a French invoice's late-payment mentions, a reminder's greeting).
 */
export function statesBusiness(party: Partial<Party>): boolean {
  return (
    stated(party.tax_id) ||
    stated(party.tax_number) ||
    stated(party.registration_number) ||
    stated(party.identifier?.scheme_id) ||
    (stated(party.electronic_address?.value) && party.electronic_address?.scheme !== 'EM')
  );
}
