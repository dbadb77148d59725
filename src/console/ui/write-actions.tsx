// The action bar of a form that changes a resource (Save, Delete...): shown to a role that may write, a
// line saying so to one that may only read (an accountant) or to a member on a row someone else created
// (docs/roles.md "Own resources"), so a form is never typed into for nothing.
import type { ComponentChildren } from 'preact';
import { t } from '../i18n';
import { canChange, canWrite, type Owned } from '../permissions';

export function WriteActions({
  row,
  allowed = true,
  children,
}: {
  row?: Owned | null;
  /** False: a further rule of the resource refuses the caller (the account's default template). */
  allowed?: boolean;
  children: ComponentChildren;
}) {
  if (!canWrite()) return <p class="hint">{t('Your role reads this; it does not change it.')}</p>;
  if (!canChange(row) || !allowed) return <NotYours />;
  return <div class="actions">{children}</div>;
}

/** Why a row's change actions are not offered to a member (the API's 403 in the console's words). */
export const notYours = () => t('Only the person who created it, or an admin, can change this.');

/** The line that stands where a member's change actions on someone else's row would be. */
export function NotYours() {
  return <p class="hint not-yours">{notYours()}</p>;
}

/**
 * A form's fields, disabled together when the caller may not change `row` (an accountant, a member on
 * someone else's row): read, never typed into for nothing. Links and read actions outside it stay.
 */
export function Editable({ row, children }: { row?: Owned | null; children: ComponentChildren }) {
  return (
    <fieldset class="bare" disabled={!canWrite() || !canChange(row)}>
      {children}
    </fieldset>
  );
}
