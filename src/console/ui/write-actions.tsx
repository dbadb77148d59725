// The action bar of a form that changes a resource (Save, Delete...): shown to a role that may write, a
// line saying so to one that may only read (an accountant), so a form is never typed into for nothing.
import type { ComponentChildren } from 'preact';
import { t } from '../i18n';
import { canWrite } from '../permissions';

export function WriteActions({ children }: { children: ComponentChildren }) {
  if (!canWrite()) return <p class="hint">{t('Your role reads this; it does not change it.')}</p>;
  return <div class="actions">{children}</div>;
}
