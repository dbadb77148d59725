import { SETTING_FLAGS } from '../config';

export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string>;
  switches: Set<string>;
}

/** Flags that never take a value, so `--json accounts` cannot swallow the next word. */
const SWITCHES = new Set(['json', 'help', 'password-stdin', 'office', 'create']);

/**
 * The flags and switches each command reads (by `command sub` where subcommands differ), besides every
 * setting's flag (`--data-dir`, `--port`...) and `--help`. A word not listed is a usage error, not ignored:
 * a misspelt `--datadir` would otherwise back up the default data dir, `--plann` put an account on the
 * default plan. A command missing here (an unknown one) is left to main to refuse.
 */
const COMMAND_FLAGS: Record<string, readonly string[]> = {
  serve: [],
  migrate: ['create'],
  healthcheck: [],
  version: [],
  'accounts create': ['name', 'plan', 'office', 'json'],
  'accounts disable': ['json'],
  'accounts enable': ['json'],
  'accounts set-plan': ['json'],
  'accounts office': ['json'],
  'users create': ['account', 'email', 'role', 'workspace', 'name', 'password-stdin', 'json'],
  'users set-password': ['email', 'password-stdin', 'json'],
  'plans set': ['id', 'name', 'quota', 'rps', 'price-id', 'overage-price', 'json'],
  backup: ['out'],
  restore: [],
  receive: ['account', 'json'],
  'rules list': ['json'],
  'rules verify': ['json'],
  'rules install': ['json'],
  'rules rollback': ['json'],
};

/**
 * How many words (the command's own included) each command takes, when not the command and its
 * subcommand; `receive` takes any number of files. A word beyond is refused, not dropped: a file name with
 * a space left unquoted (`backup --out /backups/my backup.zip`) would otherwise write `/backups/my`.
 */
const COMMAND_WORDS: Record<string, number> = {
  serve: 1,
  migrate: 1,
  healthcheck: 1,
  version: 1,
  backup: 1,
  restore: 2,
  receive: Number.POSITIVE_INFINITY,
  'accounts disable': 3,
  'accounts enable': 3,
  'accounts set-plan': 4,
  'accounts office': 4,
  'rules verify': 3,
  'rules install': 3,
};

/** `cmd sub --name value --name=value --json` -> positionals, flags and switches. */
export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string> = {};
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h') {
      switches.add('help');
    } else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (eq !== -1) flags[name] = arg.slice(eq + 1);
      else if (SWITCHES.has(name)) switches.add(name);
      else {
        const value = argv[i + 1];
        if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
        flags[name] = value;
        i++;
      }
    } else {
      positionals.push(arg);
    }
  }
  const parsed = { positionals, flags, switches };
  refuseUnknownFlags(parsed);
  if (!switches.has('help')) refuseExtraWords(parsed);
  return parsed;
}

function refuseExtraWords({ positionals }: ParsedArgs): void {
  const [command = 'serve', sub] = positionals;
  const label = COMMAND_FLAGS[`${command} ${sub}`] ? `${command} ${sub}` : command;
  if (COMMAND_FLAGS[label] === undefined) return;
  const words = COMMAND_WORDS[label] ?? (label.includes(' ') ? 2 : 1);
  const extra = positionals.slice(words);
  if (extra.length === 0) return;
  const taken = positionals.slice(0, words).join(' ');
  throw new UsageError(
    `${label} takes no word ${JSON.stringify(extra[0])} after "${taken}"; a file name with spaces needs quotes ("my backup.zip")`,
    false,
  );
}

function refuseUnknownFlags({ positionals, flags, switches }: ParsedArgs): void {
  const [command = 'serve', sub] = positionals;
  const label = COMMAND_FLAGS[`${command} ${sub}`] ? `${command} ${sub}` : command;
  const known = COMMAND_FLAGS[label];
  if (known === undefined) return;
  const unknown = [...Object.keys(flags), ...switches].find(
    (flag) => flag !== 'help' && !known.includes(flag) && !SETTING_FLAGS.includes(flag),
  );
  if (unknown === undefined) return;
  const own = known.length > 0 ? known.map((flag) => `--${flag}`).join(', ') : 'none of its own';
  throw new UsageError(
    `${label} has no flag --${unknown}; its flags: ${own}, and the settings' flags listed below`,
  );
}

/**
 * Wrong words on the command line: main prints the message and the usage, exit code 2. A value refused
 * for what it is (a password too short) sets `showUsage` false: the help would bury the one line that matters.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

export function requireFlag(args: ParsedArgs, name: string): string {
  const value = args.flags[name];
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function wholeNumber(args: ParsedArgs, name: string): number | undefined {
  const raw = args.flags[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}
