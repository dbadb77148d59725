// The EPC QR code ("GiroCode", EPC069-12 v2.1): a SEPA credit transfer a banking app fills in by scanning.
// Pure string building; the engine draws the symbol. Printed only when the payment cannot go wrong:
// a EUR amount to pay and an IBAN whose check digits are right (mod 97), so a typo never becomes a QR code.

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const RF_SHAPE = /^RF[0-9]{2}[A-Z0-9]{1,21}$/;
// EPC069-12: at most 999999999.99 EUR, at least 0.01, two decimals at most.
const EPC_AMOUNT = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;
const MAX_PAYLOAD_BYTES = 331;

/** Spaces removed, upper case: how an IBAN is compared and encoded ("de89 3704 ..." -> "DE893704..."). */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * ISO 13616 check: move the first four characters to the end, letters to numbers (A=10 .. Z=35), and the
 * whole must leave 1 modulo 97. Computed digit by digit so no 30-digit number is ever built.
 */
function mod97(rearranged: string): number {
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!IBAN_SHAPE.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** An ISO 11649 creditor reference (RF18539007547034): goes in the structured field, not the free text. */
export function isCreditorReference(value: string): boolean {
  const ref = value.replace(/\s+/g, '').toUpperCase();
  return RF_SHAPE.test(ref) && mod97(ref.slice(4) + ref.slice(0, 4)) === 1;
}

export interface EpcInput {
  /** Beneficiary name (the seller's legal name). */
  name: string;
  iban: string;
  bic?: string | null;
  currency: string;
  /** The amount to pay, a decimal string. */
  amount: string;
  /** The payment reference (BT-83), else the invoice number: the remittance the payer's bank passes back. */
  remittance: string;
}

const clean = (value: string, max: number) => value.replace(/\s+/g, ' ').trim().slice(0, max);

/** True for a decimal string strictly above zero. */
const isPositive = (amount: string) => /^[0-9]*\.?[0-9]*$/.test(amount) && /[1-9]/.test(amount);

/**
 * The EPC069-12 payload (version 002, UTF-8), or null when no QR code should be printed: not EUR, no
 * valid IBAN, nothing to pay, or no beneficiary name. An amount above the EPC maximum is left out (the
 * payer types it), which the format allows.
 */
export function buildEpcPayload(input: EpcInput): string | null {
  if (input.currency !== 'EUR') return null;
  const iban = normalizeIban(input.iban);
  if (!isValidIban(iban)) return null;
  const amount = input.amount.trim();
  if (!isPositive(amount)) return null;
  const name = clean(input.name, 70);
  if (!name) return null;
  const bic = input.bic ? input.bic.replace(/\s+/g, '').toUpperCase() : '';
  const remittance = clean(input.remittance, 140);
  const structured = isCreditorReference(remittance) ? remittance.replace(/\s+/g, '').toUpperCase() : '';
  const build = (beneficiary: string, text: string) => {
    const lines = [
      'BCD',
      '002',
      '1', // character set: UTF-8
      'SCT',
      BIC_SHAPE.test(bic) ? bic : '',
      beneficiary,
      iban,
      EPC_AMOUNT.test(amount) ? `EUR${amount}` : '',
      '', // purpose code
      structured,
      structured ? '' : text,
    ];
    while (lines.at(-1) === '') lines.pop();
    return lines.join('\n');
  };
  // 331 bytes at most (what a version 13-M symbol holds): non-ASCII text can exceed it within the
  // character limits, so the free text gives way first, then the name.
  let [beneficiary, text] = [name, remittance];
  const bytes = () => new TextEncoder().encode(build(beneficiary, text)).length;
  while (bytes() > MAX_PAYLOAD_BYTES && text.length > 0) text = text.slice(0, -1);
  while (bytes() > MAX_PAYLOAD_BYTES && beneficiary.length > 1) beneficiary = beneficiary.slice(0, -1);
  return build(beneficiary.trim(), text.trim());
}
