import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { t } from '../i18n';

/** An error for the whole form or page: the API's message, and how many fields it names. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : String(error);
  const message = /[.!?]$/.test(text) ? text : `${text}.`;
  const fields = error instanceof ApiError ? error.fields.length : 0;
  return (
    <div class="notice notice-error" role="alert">
      <strong>{t('Could not complete this.')}</strong> {message}
      {fields > 0 ? <span> {t('See the marked fields.')}</span> : null}
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
