import { t } from 'elysia';
import { RoleSchema, WorkspaceMember } from '../workspaces';
import type { UserRow } from './schema';

export const User = t.Object({
  id: t.String({ description: '`usr_` id' }),
  email: t.String(),
  name: t.String(),
  created_at: t.String({ format: 'date-time' }),
});
export type User = typeof User.static;

export function presentUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, created_at: row.createdAt };
}

export const SignInBody = t.Object(
  {
    email: t.String({ minLength: 1, maxLength: 320 }),
    password: t.String({ minLength: 1, maxLength: 1024 }),
    remember: t.Optional(
      t.Boolean({
        description:
          'Keep the cookie after the browser closes (until the session expires); default: a browser-session cookie',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Session = t.Object({
  id: t.String({ description: '`ses_` id' }),
  user: User,
  created_at: t.String({ format: 'date-time' }),
  idle_expires_at: t.String({ format: 'date-time', description: '12 hours after the last request' }),
  expires_at: t.String({ format: 'date-time', description: '30 days after sign-in, at the latest' }),
});

export const InvitationKind = t.Union([t.Literal('member'), t.Literal('owner_setup'), t.Literal('password')]);

export const InvitationView = t.Object({
  kind: InvitationKind,
  email: t.Union([t.String(), t.Null()], { description: 'null: the first owner chooses their email' }),
  name: t.Union([t.String(), t.Null()], {
    description:
      "A password link's user; else the name the inviter gave (an office's `owner_name`): the default when accepting without one",
  }),
  role: t.Union([RoleSchema, t.Null()]),
  workspace_name: t.Union([t.String(), t.Null()]),
  account_name: t.String(),
  existing_user: t.Boolean({
    description:
      'The email signs in already (to another account): accept with their own password, or signed in, no new one',
  }),
  expires_at: t.String({ format: 'date-time' }),
});

export const AcceptInvitationBody = t.Object(
  {
    password: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 1024,
        description:
          'The new password; for someone who signs in already, their own (leave it out when signed in as them)',
      }),
    ),
    name: t.Optional(t.String({ maxLength: 200 })),
    email: t.Optional(t.String({ format: 'email', maxLength: 320 })),
  },
  { additionalProperties: false },
);

export const InviteBody = t.Object(
  {
    email: t.String({ format: 'email', maxLength: 320 }),
    role: t.Optional(RoleSchema),
    language: t.Optional(
      t.Union([t.Literal('de'), t.Literal('en')], {
        description: "The e-mail's first language (the other follows); default the request's Accept-Language",
      }),
    ),
  },
  { additionalProperties: false },
);

export const Invitation = t.Object({
  member: WorkspaceMember,
  url: t.Union([t.String(), t.Null()], {
    description: 'The one-time link, shown only now; null when the person already signs in to this account',
  }),
  expires_at: t.Union([t.String({ format: 'date-time' }), t.Null()]),
  emailed: t.Boolean({ description: 'Whether the link was sent to the email (SMTP_URL set)' }),
});

export const ChangePasswordBody = t.Object(
  { current_password: t.String({ maxLength: 1024 }), new_password: t.String({ maxLength: 1024 }) },
  { additionalProperties: false },
);
