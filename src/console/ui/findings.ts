// Compliance findings in a person's words: the field to fix (never the XPath the official rules point at)
// and, where the console knows what a rule asks for, the finding in the console's language.
import type { Finding } from '../api-types';
import { t } from '../i18n';

/** A finalize finding (`details.violations`): the rule, the document field, the rule's own words. */
export type { Finding };

/** The official rules that ask for the buyer reference (their findings name an XPath, not the field). */
const BUYER_REFERENCE_RULES = new Set(['BR-DE-15', 'PEPPOL-EN16931-R003']);

/**
 * The document field a compliance check's finding is about: its own path when it names one (the built-in
 * checks), else what the console knows the rule asks for, else the document as a whole (never an XPath).
 */
export function findingField(violation: { rule: string; path: string }): string {
  if (violation.path.startsWith('data')) return violation.path;
  return BUYER_REFERENCE_RULES.has(violation.rule) ? 'data.buyer_reference' : 'data';
}

/**
 * Findings as the console lists them for a document of this account: one per rule and field, the first
 * kept (the built-in check and the official rules both report BR-DE-15 at the buyer reference: one line).
 * A finding the console knows no field for is kept per place (one rule failing on two lines: two).
 */
export function distinctFindings<V extends { rule: string; path: string }>(violations: readonly V[]): V[] {
  const seen = new Set<string>();
  return violations.filter((violation) => {
    const field = findingField(violation);
    const key = `${violation.rule} ${field === 'data' ? violation.path : field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A finding in the console's language where the console knows what it asks for; else the rule's words. */
export function findingText(violation: Finding): string {
  if (/buyer_reference$/.test(violation.field) || BUYER_REFERENCE_RULES.has(violation.rule))
    return t(
      'XRechnung and Peppol ask for a buyer reference: a public authority’s Leitweg-ID, else e.g. the customer’s order number.',
    );
  if (/taxes\.\d+\.category$/.test(violation.field))
    return t('Choose the VAT category of this line (for 0 %: exempt, reverse charge …) and its legal basis.');
  if (/(seller|buyer)\.electronic_address$/.test(violation.field))
    return t('Enter the electronic invoice address (e.g. an e-mail address with scheme EM).');
  if (violation.field === 'data.tax_scheme') return t('State the tax scheme (VAT).');
  if (violation.rule === 'BR-DE-2') return t('Enter phone and email in your business profile.');
  if (violation.rule === 'BR-DE-23-a')
    return t('Enter the bank account (IBAN) in your business profile or on the invoice.');
  return violation.message;
}

/**
 * Where in a received file a finding points, readable: the XPath's element names without their namespaces
 * and first-of positions (`/Q{urn:…}Invoice[1]/Q{urn:…}AccountingSupplierParty[1]` is
 * "Invoice › AccountingSupplierParty"); a later position stays ("InvoiceLine 3"). A path that is not an
 * XPath is shown as it is.
 */
export function readablePath(path: string): string {
  if (!path.startsWith('/')) return path;
  const steps = path
    .split(/\/(?![^{]*})/)
    .filter(Boolean)
    .map((step) => {
      const bare = step.replace(/^Q\{[^}]*\}/, '').replace(/^[\w-]+:/, '');
      const match = /^(@?[\w.-]+)(?:\[(\d+)\])?$/.exec(bare);
      if (!match) return bare;
      const position = match[2] && match[2] !== '1' ? ` ${match[2]}` : '';
      return `${match[1]}${position}`;
    });
  return steps.join(' › ');
}
