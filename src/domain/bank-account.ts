// IBAN and BIC checks for the account a business profile is paid into (ISO 13616, ISO 9362).

/** Letters and digits only, upper case: how an IBAN or BIC is compared and written into an e-invoice. */
export const compactCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * ISO 13616 mod 97: the four first characters moved to the end, letters as 10..35, the whole number
 * mod 97 must be 1. Computed digit by digit on the string (a 34-character IBAN is far beyond a double).
 */
export function ibanChecksumHolds(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/** Null when the IBAN is well formed with a valid check number, else why not. */
export function ibanProblem(value: string): string | null {
  const iban = compactCode(value);
  if (!IBAN_SHAPE.test(iban)) {
    return 'an IBAN is a country code, two check digits and 11 to 30 letters or digits';
  }
  return ibanChecksumHolds(iban) ? null : 'the IBAN check digits do not match (ISO 13616 mod 97)';
}

/** Null when the BIC has the shape of ISO 9362 (8 or 11 characters), else why not. */
export function bicProblem(value: string): string | null {
  return BIC_SHAPE.test(compactCode(value))
    ? null
    : 'a BIC is 8 or 11 characters: bank code (4 letters), country (2 letters), location (2), branch (3, optional)';
}
