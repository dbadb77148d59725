import { t } from 'elysia';
import { closed } from '../../domain/schema-parts';
import { Account } from '../accounts';
import { RoleSchema } from '../workspaces';

/** One account a signed-in user reaches (docs/office.md). */
export const ReachedAccount = t.Object({
  id: t.String({ description: '`acc_` id' }),
  name: t.String(),
  role: RoleSchema,
  office: t.Boolean({ description: 'An office: its owners and admins create client accounts' }),
  consultant_number: t.Union([t.Integer(), t.Null()], { description: 'DATEV Beraternummer' }),
  client_number: t.Union([t.Integer(), t.Null()], { description: 'DATEV Mandantennummer' }),
  current: t.Boolean({ description: 'The account this request acts in' }),
  disabled: t.Boolean(),
  last_used_at: t.Union([t.String({ format: 'date-time' }), t.Null()], {
    description: 'When the user last switched to it (the switcher lists the last used first)',
  }),
});
export type ReachedAccount = typeof ReachedAccount.static;

export const Me = t.Object({
  account: Account,
  user: t.Union([t.Object({ id: t.String(), email: t.String(), name: t.String() }), t.Null()], {
    description: 'The signed-in user (session cookie); null for an API key',
  }),
  member: t.Union([t.Object({ id: t.String(), workspace_id: t.String(), role: RoleSchema }), t.Null()], {
    description: 'The workspace member the key or user acts as, with their role; null = account level',
  }),
  accounts: t.Array(ReachedAccount, {
    description:
      'Every account the signed-in user reaches, each with their role there (an API key: its own account only)',
  }),
});

export const SwitchAccountBody = t.Object(
  { account_id: t.String({ minLength: 1, maxLength: 100, description: 'An account of GET /auth/me' }) },
  closed,
);

export const CreateClientBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 200, description: "The client firm's name" }),
    owner_email: t.String({
      format: 'email',
      maxLength: 320,
      description:
        "The client's owner: invited by e-mail (a link to set their password, or to join with theirs)",
    }),
    owner_name: t.Optional(
      t.String({
        maxLength: 200,
        description:
          "The owner's name: kept on the invitation, it greets them in the e-mail and is their name unless they choose another",
      }),
    ),
    role: t.Optional(
      t.Union([t.Literal('admin'), t.Literal('accountant')], {
        description:
          "The creating user's role in the client: admin (default) runs its invoicing, accountant keeps its books",
      }),
    ),
    plan_id: t.Optional(t.String({ description: 'Default: plan_self_hosted' })),
    consultant_number: t.Optional(
      t.Union([
        t.Integer({ minimum: 1001, maximum: 9_999_999, description: 'DATEV Beraternummer' }),
        t.Null(),
      ]),
    ),
    client_number: t.Optional(
      t.Union([t.Integer({ minimum: 1, maximum: 99_999, description: 'DATEV Mandantennummer' }), t.Null()]),
    ),
    language: t.Optional(
      t.Union([t.Literal('de'), t.Literal('en')], { description: "The invitation's language" }),
    ),
  },
  closed,
);
export type CreateClientBody = typeof CreateClientBody.static;

export const CreatedClient = t.Object({
  account: ReachedAccount,
  invitation: t.Object({
    email: t.String(),
    url: t.Union([t.String(), t.Null()], {
      description: 'The one-time link (also e-mailed when SMTP_URL is set)',
    }),
    expires_at: t.String({ format: 'date-time' }),
    emailed: t.Boolean(),
    existing_user: t.Boolean({
      description: 'The owner signs in already: they join with their own password',
    }),
  }),
});

export const LeftAccount = t.Object({
  account_id: t.String(),
  left: t.Literal(true),
  memberships_ended: t.Integer(),
});
