export interface ParsedArgs {
  positionals: string[];
  flags: Record<string, string>;
  switches: Set<string>;
}

/** Flags that never take a value, so `--json accounts` cannot swallow the next word. */
const SWITCHES = new Set(['json', 'help', 'password-stdin', 'office']);

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
  return { positionals, flags, switches };
}

/** Wrong words on the command line: main prints the message and the usage, exit code 2. */
export class UsageError extends Error {}

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
