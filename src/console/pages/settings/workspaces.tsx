import { useState } from 'preact/hooks';
import { type ApiError, call, list, post, remove } from '../../api';
import type { Member, MemberInvitation, Workspace } from '../../api-types';
import { currentLanguage, formatDate, t } from '../../i18n';
import { can } from '../../permissions';
import { focusAfterAction } from '../../ui/focus-kept';
import { Field, Select } from '../../ui/form';
import { useAction, useLoad } from '../../ui/hooks';
import { ErrorNotice, Notice } from '../../ui/notice';

export function Workspaces() {
  const workspaces = useLoad(
    () => list<Workspace>('/workspaces', { limit: 100 }).then((page) => page.data),
    [],
  );
  const [name, setName] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    const made = await action.run(() => post<Workspace>('/workspaces', { name: name.trim() }));
    if (made) {
      setName('');
      workspaces.reload();
      // "New workspace" stays disabled for the emptied name: the focus goes to the new workspace's row.
      focusAfterAction(() => document.getElementById(`workspace-${made.id}`));
    }
  };
  return (
    <section class="card" aria-labelledby="workspaces-heading">
      <h2 id="workspaces-heading">{t('Workspaces and members')}</h2>
      <ErrorNotice error={action.error ?? workspaces.error} />
      <ul class="plain">
        {(workspaces.data ?? []).map((workspace) => (
          <li key={workspace.id}>
            <button
              type="button"
              class="link"
              id={`workspace-${workspace.id}`}
              aria-expanded={open === workspace.id}
              onClick={() => setOpen(open === workspace.id ? null : workspace.id)}
            >
              {workspace.name}
            </button>
            {open === workspace.id ? <Members workspace={workspace} /> : null}
          </li>
        ))}
      </ul>
      {can('workspace:create') ? (
        <form class="inline" onSubmit={create}>
          <Field
            label={t('Workspace name')}
            value={name}
            onInput={setName}
            path="name"
            error={action.error as ApiError | null}
            required
          />
          <button type="submit" disabled={action.busy || name.trim() === ''}>
            {t('New workspace')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

export const ROLES = ['owner', 'admin', 'member', 'accountant'];

/** The invitation link, shown once to the inviter to pass on (and whether it went out by email). */
function InvitationLink({ invited }: { invited: MemberInvitation }) {
  const [copied, setCopied] = useState(false);
  const url = invited.url;
  if (url === null) {
    return (
      <Notice kind="ok">
        {t('{email} already signs in to this account and now belongs to this workspace too.', {
          email: invited.member.email,
        })}
      </Notice>
    );
  }
  return (
    <Notice kind="ok">
      <p>
        {invited.emailed
          ? t('Invitation sent to {email}. The link, shown only now:', { email: invited.member.email })
          : t('Send {email} this link, shown only now, to choose a name and password:', {
              email: invited.member.email,
            })}
      </p>
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
      <p class="hint">{t('It works once, until {date}.', { date: formatDate(invited.expires_at) })}</p>
    </Notice>
  );
}

export function Members({ workspace }: { workspace: Workspace }) {
  const path = `/workspaces/${workspace.id}/members` as const;
  const members = useLoad(() => list<Member>(path).then((page) => page.data), [path]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [invited, setInvited] = useState<MemberInvitation | null>(null);
  const action = useAction();
  // Adding a member makes their invitation: a one-time link whose page sets their name and password.
  const add = async (event: Event) => {
    event.preventDefault();
    setInvited(null);
    const made = await action.run(() =>
      post<MemberInvitation>(`/workspaces/${workspace.id}/invitations`, {
        email: email.trim(),
        role,
        language: currentLanguage(),
      }),
    );
    if (made) {
      setInvited(made);
      setEmail('');
      members.reload();
      // "Invite" stays disabled for the emptied address: the focus goes to the invitation to pass on.
      focusAfterAction(() => document.getElementById(`invitation-${workspace.id}`));
    }
  };
  const change = async (member: Member, next: string) => {
    if (
      (await action.run(() => call('PATCH', `${path}/${member.id}`, { body: { role: next } }))) !== undefined
    )
      members.reload();
  };
  const drop = async (member: Member) => {
    if (!confirm(t('Remove {email} from {workspace}?', { email: member.email, workspace: workspace.name })))
      return;
    if ((await action.run(() => remove(`${path}/${member.id}`))) !== undefined) members.reload();
  };
  // Members are managed by owners and by the workspace's own admins; only an owner makes, changes or
  // removes an owner (docs/roles.md). Others see who belongs, and each one's role, as text.
  const manages = can('members:manage', workspace.id);
  const owners = can('members:manage_owners');
  const roles = ROLES.filter((value) => owners || value !== 'owner');
  const changeable = (member: Member) => manages && (owners || member.role !== 'owner');
  return (
    <div class="members">
      <ErrorNotice error={action.error ?? members.error} />
      <div class="table-scroll">
        <table class="list">
          <tbody>
            {(members.data ?? []).map((member) => (
              <tr key={member.id}>
                <td>{member.email}</td>
                <td>
                  {changeable(member) ? (
                    <Select
                      label={t('Role of {email}', { email: member.email })}
                      value={member.role}
                      onChange={(next) => change(member, next)}
                      options={roles.map((value) => ({ value, label: t(value) }))}
                      class="compact"
                    />
                  ) : (
                    t(member.role)
                  )}
                </td>
                <td>
                  {changeable(member) ? (
                    <button
                      type="button"
                      class="danger"
                      onClick={() => drop(member)}
                      aria-label={t('Remove {email}', { email: member.email })}
                    >
                      {t('Remove')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {invited ? (
        <div id={`invitation-${workspace.id}`} tabIndex={-1}>
          <InvitationLink invited={invited} />
        </div>
      ) : null}
      {manages ? (
        <form class="inline" onSubmit={add}>
          <Field
            label={t('Email')}
            type="email"
            value={email}
            onInput={setEmail}
            path="email"
            error={action.error as ApiError | null}
            required
          />
          <Select
            label={t('Role')}
            value={role}
            onChange={setRole}
            options={roles.map((value) => ({ value, label: t(value) }))}
          />
          <button type="submit" disabled={action.busy || email.trim() === ''}>
            {t('Add member')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
