import { t } from 'elysia';
import { Address } from './address';

export const BankAccount = t.Object(
  {
    bank_name: t.Optional(t.String({ maxLength: 200 })),
    account_number: t.Optional(t.String({ maxLength: 64 })),
    routing_number: t.Optional(t.String({ maxLength: 64 })),
    swift: t.Optional(t.String({ maxLength: 11 })),
  },
  { additionalProperties: false },
);
export type BankAccount = typeof BankAccount.static;

/** Seller or buyer as a document carries it (SPEC 2 Party): a snapshot, not a reference. */
export const Party = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 300 }),
    legal_name: t.Optional(t.String({ maxLength: 300 })),
    email: t.Optional(t.String({ maxLength: 320 })),
    phone: t.Optional(t.String({ maxLength: 50 })),
    website: t.Optional(t.String({ maxLength: 300 })),
    tax_id: t.Optional(t.String({ maxLength: 50 })),
    registration_number: t.Optional(t.String({ maxLength: 50 })),
    address: t.Optional(Address),
    bank_account: t.Optional(BankAccount),
  },
  { additionalProperties: false },
);
export type Party = typeof Party.static;
