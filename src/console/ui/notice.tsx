import type { ComponentChildren } from 'preact';
import { ApiError } from '../api';
import { t } from '../i18n';
import { fieldName } from './field-names';
import { type Finding, findingText } from './findings';
import { plainProblem } from './form';
import { messageOf } from './messages';

/**
 * An error for the whole form or page: the API's message, and how many fields it names; a finalize the
 * buyer's e-invoice profile refuses (compliance_failed) lists each finding by the field to fix.
 */
export function ErrorNotice({
  error,
  names,
  words,
  children,
}: {
  error: unknown;
  /** Lists each field problem under the field's name (a form whose fields are not all on screen). */
  names?: (loc: string) => string;
  /** A field problem in the screen's own words (`type`: the API's kind of problem), else the API's made plain. */
  words?: (field: { loc: string; msg: string; type?: string }) => string | undefined;
  /** More of the same problem, said inside the notice (a screen's own words for the fields it names). */
  children?: ComponentChildren;
}) {
  if (!error) return null;
  // In the console's language and with where to fix it; the API's own words on hover.
  const message = messageOf(error);
  const original = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fields : [];
  const found = error instanceof ApiError ? error.details.violations : undefined;
  const violations = Array.isArray(found) ? (found as Finding[]) : [];
  const refused = error instanceof ApiError && error.code === 'compliance_failed';
  return (
    <div class="notice notice-error" role="alert">
      <strong>{t('Could not complete this.')}</strong>{' '}
      {refused ? (
        t('The e-invoice this customer needs would be rejected; the document stays a draft. Fix:')
      ) : (
        <span title={original === message.text ? undefined : original}>{message.text}</span>
      )}
      {message.link ? (
        <>
          {' '}
          <a href={message.link.href}>{message.link.label}</a>
        </>
      ) : null}
      {names && fields.length > 0 ? (
        <ul>
          {fields.map((field) => (
            <li key={`${field.loc}-${field.msg}`}>
              <strong>{names?.(field.loc)}</strong>: {words?.(field) ?? plainProblem(field.msg, field.loc)}
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
      {children}
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

/**
 * What an action on this screen did ("Payment recorded."), said where it was done: the live region is on
 * the page before the words come (a region added with its words is often not read out), and words said
 * again are read out again (`round` counts the times: a new paragraph each). It takes the focus when the
 * control that was used stays disabled (ui/focus-kept.ts).
 */
export function Said({ text, round = 0, id }: { text: string | null; round?: number; id?: string }) {
  return (
    <div role="status" class="said" id={id} tabIndex={-1}>
      {text ? (
        <p key={round} class="notice notice-ok">
          {text}
        </p>
      ) : null}
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
