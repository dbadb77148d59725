import { Value } from '@sinclair/typebox/value';
import { t } from 'elysia';
import '../http/email-format';
import type { Config } from '../config';
import { ROLES, type Role } from '../domain/roles';
import { createUser, hashPassword, linkUrl, passwordProblem, setPasswordByEmail } from '../modules/users';
import { presentMember } from '../modules/workspaces';
import { systemClock } from '../shared/clock';
import { assumedOriginNote, linkOrigin } from '../shared/link-origin';
import { type ParsedArgs, requireFlag, UsageError } from './args';
import { requireInstallation } from './installation';
import { openDataDir } from './runtime';

/** The password on the first line of stdin (never a flag: flags end up in shell history and `ps`). */
async function passwordFromStdin(email: string): Promise<string> {
  const text = await Bun.stdin.text();
  const password = text.split(/\r?\n/)[0] ?? '';
  const problem = await passwordProblem(password, { email });
  if (problem) throw new UsageError(`the password on stdin ${problem}`, false);
  return password;
}

/** The API's e-mail address (the users module's own schema, Elysia's `email` format). */
const EMAIL = t.String({ format: 'email', maxLength: 320 });

/** `--email` as the API takes it, else a usage error naming it. */
function emailOf(args: ParsedArgs): string {
  const email = requireFlag(args, 'email').trim();
  if (!Value.Check(EMAIL, email)) {
    throw new UsageError(`--email must be an e-mail address such as anna@example.de, got "${email}"`, false);
  }
  return email;
}

function roleOf(args: ParsedArgs): Role {
  const role = requireFlag(args, 'role');
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`--role must be one of ${ROLES.join(', ')}, got "${role}"`, false);
  }
  return role as Role;
}

export async function usersCommand(config: Config, args: ParsedArgs, out: (line: string) => void) {
  const [, sub] = args.positionals;
  const json = args.switches.has('json');
  if (sub === 'create') {
    const input = {
      accountId: requireFlag(args, 'account'),
      email: emailOf(args),
      role: roleOf(args),
      workspaceId: args.flags.workspace ?? null,
      name: args.flags.name,
    };
    // A wrong DATA_DIR is said before anyone types a password.
    await requireInstallation(config);
    // Hashed before the database is opened: the hash takes a moment, and no transaction should wait on it.
    const passwordHash = args.switches.has('password-stdin')
      ? await hashPassword(await passwordFromStdin(input.email))
      : null;
    const handle = await openDataDir(config);
    try {
      const created = await createUser({
        ctx: { db: handle.db, clock: systemClock },
        input: { ...input, passwordHash },
      });
      const origin = linkOrigin(config.publicBaseUrl, config.host, config.port);
      const url = created.link ? linkUrl(origin, created.link.token) : null;
      const user = { id: created.user.id, email: created.user.email, name: created.user.name };
      if (json) {
        out(
          JSON.stringify({
            user,
            member: presentMember(created.member),
            set_password_url: url,
            expires_at: created.link?.row.expiresAt ?? null,
          }),
        );
        return;
      }
      out(
        `Created user ${user.email} (${user.id}), ${created.member.role} of workspace ${created.member.workspaceId}.`,
      );
      if (url) {
        out(
          `One-time link to set the password, shown only now (valid until ${created.link?.row.expiresAt}):`,
        );
        out(url);
        // On stderr: the link stays stdout's last line, for a script that reads it.
        if (config.publicBaseUrl === null) console.error(assumedOriginNote(origin));
      } else out('They can sign in with this email and the password given.');
    } finally {
      await handle.close();
    }
    return;
  }
  if (sub === 'set-password') {
    const email = requireFlag(args, 'email');
    if (!args.switches.has('password-stdin')) {
      throw new UsageError('users set-password reads the new password from stdin: add --password-stdin');
    }
    await requireInstallation(config);
    const passwordHash = await hashPassword(await passwordFromStdin(email));
    const handle = await openDataDir(config);
    try {
      const done = await setPasswordByEmail({
        ctx: { db: handle.db, clock: systemClock },
        input: { email, passwordHash },
      });
      if (json)
        out(
          JSON.stringify({
            user: { id: done.user.id, email: done.user.email },
            ended_sessions: done.endedSessions,
          }),
        );
      else out(`Password of ${done.user.email} changed; ${done.endedSessions} session(s) ended.`);
    } finally {
      await handle.close();
    }
    return;
  }
  throw new UsageError(`unknown users command "${sub ?? ''}": use create or set-password`);
}
