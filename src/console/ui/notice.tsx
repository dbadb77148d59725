import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { t } from '../i18n';

interface Violation {
  rule: string;
  field: string;
  message: string;
}

/** A document field of a finalize refusal (`data.line_items.1.taxes.0.category`) in a person's words. */
export function fieldName(field: string): string {
  if (field === 'data.buyer_reference') return t('Leitweg-ID (BT-10)');
  const line = /^data\.line_items\.(\d+)\.taxes/.exec(field);
  if (line) return t('Line {n}: VAT category', { n: Number(line[1]) + 1 });
  if (field.startsWith('data.seller')) return t('Your business profile');
  if (field.startsWith('data.buyer')) return t('The customer');
  return t('The document');
}

/**
 * An error for the whole form or page: the API's message, and how many fields it names; a finalize the
 * buyer's e-invoice profile refuses (compliance_failed) lists each finding by the field to fix.
 */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : String(error);
  const message = /[.!?]$/.test(text) ? text : `${text}.`;
  const fields = error instanceof ApiError ? error.fields.length : 0;
  const found = error instanceof ApiError ? error.details.violations : undefined;
  const violations = Array.isArray(found) ? (found as Violation[]) : [];
  return (
    <div class="notice notice-error" role="alert">
      <strong>{t('Could not complete this.')}</strong> {message}
      {fields > 0 ? <span> {t('See the marked fields.')}</span> : null}
      {violations.length > 0 ? (
        <ul>
          {violations.map((v) => (
            <li key={`${v.rule}-${v.field}`}>
              <strong>{fieldName(v.field)}</strong>: {v.message} ({v.rule})
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
