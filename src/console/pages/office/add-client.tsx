// "Add client" (an office's owners and admins, POST /accounts): the client firm's name, its owner (invited
// by a one-time link, shown here once), its DATEV numbers and the role the office's user takes in it.
import { useState } from 'preact/hooks';
import { type ApiError, post } from '../../api';
import { currentLanguage, formatDate, t } from '../../i18n';
import { Field, Fieldset, Select } from '../../ui/form';
import { useAction } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';

interface Created {
  account: { id: string; name: string };
  invitation: {
    email: string;
    url: string | null;
    expires_at: string;
    emailed: boolean;
    existing_user: boolean;
  };
}

const EMPTY = {
  name: '',
  owner_email: '',
  owner_name: '',
  client_number: '',
  consultant_number: '',
  role: 'admin',
};

/** A number as a number; anything else as typed, for the API to name under its field. */
const numberOf = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
};

export function AddClient({
  consultantNumber,
  onAdded,
}: {
  /** The office's own Beraternummer: its clients usually share it. */
  consultantNumber: number | null;
  onAdded: () => Promise<void>;
}) {
  const initial = { ...EMPTY, consultant_number: consultantNumber === null ? '' : String(consultantNumber) };
  const [values, setValues] = useState(initial);
  const [created, setCreated] = useState<Created | null>(null);
  const action = useAction();
  const set = (name: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const error = action.error as ApiError | null;

  const submit = async (event: Event) => {
    event.preventDefault();
    setCreated(null);
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      owner_email: values.owner_email.trim(),
      role: values.role,
      language: currentLanguage(),
    };
    if (values.owner_name.trim()) body.owner_name = values.owner_name.trim();
    const client = numberOf(values.client_number);
    if (client !== undefined) body.client_number = client;
    const consultant = numberOf(values.consultant_number);
    if (consultant !== undefined) body.consultant_number = consultant;
    const made = await action.run(() => post<Created>('/accounts', body));
    if (made) {
      setCreated(made);
      setValues(initial);
      await onAdded();
    }
  };

  return (
    <section class="card" aria-labelledby="add-client-heading">
      <h2 id="add-client-heading">{t('Add client')}</h2>
      <p class="hint">
        {t(
          'A new account for the client firm: its owner gets a one-time link to sign in. You, and every owner and admin of your office, work in it with the role chosen here; an admin of the client invites your other colleagues.',
        )}
      </p>
      {created ? <CreatedNotice created={created} /> : null}
      <form onSubmit={submit}>
        <div class="grid">
          <Field
            label={t('Firm name')}
            value={values.name}
            onInput={set('name')}
            path="name"
            error={error}
            required
          />
          <Field
            label={t('Client number')}
            value={values.client_number}
            onInput={set('client_number')}
            inputMode="numeric"
            path="client_number"
            error={error}
            hint={t('DATEV Mandantennummer, 1 to 99999')}
          />
          <Field
            label={t('Consultant number')}
            value={values.consultant_number}
            onInput={set('consultant_number')}
            inputMode="numeric"
            path="consultant_number"
            error={error}
            hint={t('DATEV Beraternummer (your office’s to begin with)')}
          />
        </div>
        <Fieldset legend={t("The client's owner")}>
          <div class="grid">
            <Field
              label={t("Owner's email")}
              type="email"
              value={values.owner_email}
              onInput={set('owner_email')}
              path="owner_email"
              error={error}
              required
            />
            <Field
              label={t("Owner's name")}
              value={values.owner_name}
              onInput={set('owner_name')}
              path="owner_name"
              error={error}
            />
          </div>
        </Fieldset>
        <div class="role-choice">
          <Select
            label={t('Your role in the client')}
            value={values.role}
            onChange={set('role')}
            path="role"
            error={error}
            hint={t(
              'An admin runs the client’s invoicing; an accountant reads everything and keeps the books (payments, approvals, exports) but changes no documents, bank account or members.',
            )}
            options={[
              { value: 'admin', label: t('admin') },
              { value: 'accountant', label: t('accountant') },
            ]}
          />
        </div>
        <ErrorNotice error={action.error} />
        <button
          type="submit"
          class="primary"
          disabled={action.busy || values.name.trim() === '' || values.owner_email.trim() === ''}
        >
          {t('Add client')}
        </button>
      </form>
    </section>
  );
}

/** The new client and its owner's one-time link, shown only now (and e-mailed when SMTP is set). */
function CreatedNotice({ created }: { created: Created }) {
  const [copied, setCopied] = useState(false);
  const { invitation } = created;
  const url = invitation.url;
  return (
    <Notice kind="ok">
      <p>
        <strong>{t('{name} was added.', { name: created.account.name })}</strong>{' '}
        {invitation.existing_user
          ? t('{email} signs in already: with this link they join {name} with their own password.', {
              email: invitation.email,
              name: created.account.name,
            })
          : invitation.emailed
            ? t('The invitation went to {email}. The link, shown only now:', { email: invitation.email })
            : t('Send {email} this link, shown only now, to choose a name and password:', {
                email: invitation.email,
              })}
      </p>
      {url ? (
        <>
          <Field label={t('Invitation link')} value={url} onInput={() => undefined} readOnly class="wide" />
          <button
            type="button"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? t('Copied') : t('Copy link')}
          </button>
        </>
      ) : null}
      <p class="hint">{t('It works once, until {date}.', { date: formatDate(invitation.expires_at) })}</p>
    </Notice>
  );
}
