import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { t } from '../i18n';
import { fieldName } from './field-names';
import { plainProblem } from './form';

interface Violation {
  rule: string;
  field: string;
  message: string;
}

/** A finding in the console's language where the console knows what it asks for; else the rule's words. */
export function findingText(violation: Violation): string {
  if (/buyer_reference$/.test(violation.field))
    return t('The buyer requires its Leitweg-ID (or order reference) on the invoice.');
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
 * An error for the whole form or page: the API's message, and how many fields it names; a finalize the
 * buyer's e-invoice profile refuses (compliance_failed) lists each finding by the field to fix.
 */
export function ErrorNotice({
  error,
  names,
}: {
  error: unknown;
  /** Lists each field problem under the field's name (a form whose fields are not all on screen). */
  names?: (loc: string) => string;
}) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : String(error);
  const message = /[.!?]$/.test(text) ? text : `${text}.`;
  const fields = error instanceof ApiError ? error.fields : [];
  const found = error instanceof ApiError ? error.details.violations : undefined;
  const violations = Array.isArray(found) ? (found as Violation[]) : [];
  const refused = error instanceof ApiError && error.code === 'compliance_failed';
  return (
    <div class="notice notice-error" role="alert">
      <strong>{t('Could not complete this.')}</strong>{' '}
      {refused
        ? t('The e-invoice this customer needs would be rejected; the document stays a draft. Fix:')
        : message}
      {fields.length > 0 ? <span> {t('See the marked fields.')}</span> : null}
      {names && fields.length > 0 ? (
        <ul>
          {fields.map((field) => (
            <li key={`${field.loc}-${field.msg}`}>
              <strong>{names?.(field.loc)}</strong>: {plainProblem(field.msg)}
            </li>
          ))}
        </ul>
      ) : null}
      {violations.length > 0 ? (
        <ul>
          {violations.map((v) => (
            <li key={`${v.rule}-${v.field}`}>
              <strong>{fieldName(v.field)}</strong>: <span title={v.message}>{findingText(v)}</span> ({v.rule}
              )
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Notice(props: { children: ComponentChildren; kind?: 'ok' | 'info' | 'warn' }) {
  return (
    <div class={`notice notice-${props.kind ?? 'info'}`} role="status">
      {props.children}
    </div>
  );
}

export function Loading() {
  return (
    <p class="loading" role="status">
      {t('Loading…')}
    </p>
  );
}

export function Badge(props: { children: ComponentChildren; tone?: string }) {
  return <span class={`badge badge-${props.tone ?? 'neutral'}`}>{props.children}</span>;
}
