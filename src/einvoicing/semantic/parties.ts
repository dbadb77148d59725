// Seller, buyer, delivery and payment terms of the semantic model (BG-4, BG-7, BG-13, BG-16).
import type { DocumentData } from '../../domain/document-data';
import type { EAddress, EIdentifier, EParty, EPayee, EPaymentMeans, ETaxRepresentative } from './types';

type Party = NonNullable<DocumentData['seller']>;
type Address = NonNullable<Party['address']>;

/** Trimmed text, or null for absent/blank: an e-invoice never carries an empty element (PEPPOL R008). */
export function text(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function toAddress(address: Address | null | undefined): EAddress | null {
  if (!address) return null;
  return {
    line1: text(address.line1),
    line2: text(address.line2),
    line3: text(address.line3),
    city: text(address.city),
    postalCode: text(address.postal_code),
    subdivision: text(address.state),
    country: text(address.country)?.toUpperCase() ?? null,
  };
}

// BT-31 must start with the issuing country's ISO prefix (BR-CO-09; Greece uses EL). A tax number without
// one (a German Steuernummer such as 21/815/08150) is the seller's tax registration id, BT-32, instead.
const VAT_ID = /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/;
const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

// A registration number is written with the ISO 6523 scheme of its national register only where the
// country's number format names that register unambiguously; otherwise it goes without a scheme.
const REGISTERS: Record<string, [RegExp, string][]> = {
  NL: [
    [/^\d{8}$/, '0106'], // KvK
    [/^\d{20}$/, '0190'], // OIN
  ],
  BE: [[/^[01]\d{9}$/, '0208']], // KBO/BCE enterprise number
  FR: [
    [/^\d{9}$/, '0002'], // SIREN
    [/^\d{14}$/, '0009'], // SIRET
  ],
};

function legalId(party: Party): EIdentifier | null {
  const value = text(party.registration_number);
  if (value === null) return null;
  const stated = text(party.registration_scheme);
  if (stated !== null) return { value, scheme: stated };
  const country = text(party.address?.country)?.toUpperCase() ?? '';
  const digits = value.replace(/[\s.]/g, '');
  const scheme = REGISTERS[country]?.find(([format]) => format.test(digits))?.[1] ?? null;
  return { value: scheme === null ? value : digits, scheme };
}

export function toParty(party: Party, role: 'seller' | 'buyer'): EParty {
  const name = party.name.trim();
  const legalName = text(party.legal_name);
  const taxId = text(party.tax_id);
  const isVatId = taxId !== null && VAT_ID.test(compact(taxId));
  const electronic = party.electronic_address;
  const phone = text(party.phone);
  const email = text(party.email);
  const contactName = text(party.contact_name);
  const identifier = text(party.identifier?.id);
  return {
    // BT-27 is the registered name; the display name is the trading name when the two differ.
    name: legalName ?? name,
    identifier: identifier === null ? null : { value: identifier, scheme: text(party.identifier?.scheme_id) },
    tradingName: legalName !== null && legalName !== name ? name : null,
    legalId: legalId(party),
    legalInfo: role === 'seller' ? text(party.legal_info) : null,
    // A buyer has no BT-32, so a buyer's tax id is always stated as BT-48 (BR-CO-09 judges it).
    vatId: taxId !== null && (isVatId || role === 'buyer') ? (isVatId ? compact(taxId) : taxId) : null,
    // BT-32: the seller's own tax number (Steuernummer) when stated, else a tax id that is no VAT id.
    taxRegistrationId:
      role !== 'seller' ? null : (text(party.tax_number) ?? (taxId !== null && !isVatId ? taxId : null)),
    address: toAddress(party.address),
    electronicAddress:
      electronic && text(electronic.value) && text(electronic.scheme)
        ? { value: electronic.value.trim(), scheme: electronic.scheme.trim() }
        : null,
    // BT-41 / BT-56: the contact person the data names, else the party itself.
    contact:
      phone !== null || email !== null || contactName !== null
        ? { name: contactName ?? name, phone, email }
        : null,
  };
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * BG-16. A direct debit (BG-19) or a card payment (BG-18) in the data says how the amount is collected.
 * Otherwise an account number shaped like an IBAN in a EUR invoice is a SEPA credit transfer (58); any
 * other account is a plain credit transfer (30). Without an account the means are "not defined" (1):
 * BG-16 stays present (XRechnung BR-DE-1 needs it) without claiming a transfer that BR-50/BR-61 reject.
 */
export function toPaymentMeans(data: DocumentData, number: string): EPaymentMeans {
  const none = { card: null, directDebit: null };
  // BT-83: the payment reference the seller asks for, else the invoice number (as the EPC QR code).
  const remittance = text(data.payment?.reference) ?? number;
  const debit = data.payment?.direct_debit;
  if (debit) {
    const debited = text(debit.debited_account)?.replace(/\s/g, '').toUpperCase() ?? null;
    return {
      code: data.currency === 'EUR' ? '59' : '49',
      remittance,
      account: null,
      card: null,
      directDebit: {
        mandate: debit.mandate_reference.trim(),
        creditorId: debit.creditor_id.trim(),
        debitedAccount: debited,
      },
    };
  }
  const card = data.payment?.card;
  if (card) {
    return {
      code: card.type === 'credit' ? '54' : card.type === 'debit' ? '55' : '48',
      remittance,
      account: null,
      card: {
        lastDigits: card.last_digits,
        holder: text(card.holder_name),
        network: text(card.network) ?? 'NA',
      },
      directDebit: null,
    };
  }
  // Same precedence as the PDF: the document's payment account, then the seller's standing one.
  const bank = data.payment?.bank_account ?? data.seller?.bank_account;
  const accountNumber = text(bank?.account_number);
  if (accountNumber === null) {
    return { code: '1', remittance: text(data.payment?.reference), account: null, ...none };
  }
  const compacted = accountNumber.replace(/\s/g, '').toUpperCase();
  const isIban = IBAN.test(compacted);
  const bic = text(bank?.swift)?.toUpperCase() ?? null;
  // Peppol DK-R-005 allows no 30 between two Danish parties: a domestic account with its bank's
  // registration number (BT-86, `swift`, which DK-R-006 then wants) is 42, "payment to bank account";
  // any other account 58, in any currency, as the official Danish examples write it.
  const danish = [data.seller, data.buyer].every((p) => text(p?.address?.country)?.toUpperCase() === 'DK');
  const danishCode = !isIban && bic !== null ? '42' : '58';
  return {
    code: danish ? danishCode : isIban && data.currency === 'EUR' ? '58' : '30',
    remittance,
    account: {
      id: isIban ? compacted : accountNumber,
      isIban,
      bic,
      name: text(bank?.account_name),
    },
    ...none,
  };
}

export function toPayee(payee: DocumentData['payee']): EPayee | null {
  if (!payee) return null;
  const id = text(payee.identifier?.id);
  return {
    name: payee.name.trim(),
    identifier: id === null ? null : { value: id, scheme: text(payee.identifier?.scheme_id) },
    legalId: text(payee.registration_number),
  };
}

export function toTaxRepresentative(rep: DocumentData['tax_representative']): ETaxRepresentative | null {
  const address = toAddress(rep?.address);
  if (!rep || address === null) return null;
  return { name: rep.name.trim(), vatId: compact(rep.vat_id), address };
}
