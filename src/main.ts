#!/usr/bin/env bun
// The single entry point: `invoice-service <command>`; parses the command, reads config, runs it.
import { readFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { parseArgs, UsageError } from './cli/args';
import { USAGE } from './cli/help';
import { keepFilesPrivate } from './cli/runtime';
import { serve } from './cli/serve';
import { ConfigError, loadConfig } from './config';
import { DomainError } from './shared/errors';
import { VERSION_LABEL } from './version';

const out = (line: string) => console.log(line);

async function main(argv: string[]): Promise<number> {
  keepFilesPrivate(); // before any command writes a file (a backup's ZIP, a restored data dir)
  const args = parseArgs(argv);
  const command = args.positionals[0] ?? 'serve';
  if (args.switches.has('help') || command === 'help') {
    out(USAGE);
    return 0;
  }
  if (command === 'version') {
    // The package version, and which build of it: an operator checks an upgrade took.
    out(VERSION_LABEL);
    return 0;
  }
  const config = loadConfig(process.env, args.flags);
  // Each command's code is loaded when it runs: a server does not hold the backup's ZIP reader (with
  // node:zlib) or the other commands in its memory.
  switch (command) {
    case 'serve': {
      // SIGHUP too (a closed terminal, a `kill -HUP`): a clean stop that releases its jobs, never the
      // default's kill that leaves them to their lease; unless it was ignored when the process started
      // (`nohup`: the terminal's closing must not stop it). The first signal stops cleanly, a second one
      // (a second Ctrl-C) ends the process at once. Listened for before the start: a signal while it starts
      // (its jobs may run already) stops it cleanly once it has started, not by the default's kill.
      let stop: (() => Promise<void>) | null = null;
      let stopping = false;
      const stopNow = (running: () => Promise<void>) => void running().then(() => process.exit(0));
      const shutdown = (signal: NodeJS.Signals) => {
        if (stopping) process.exit(128 + (osConstants.signals[signal] ?? 0));
        stopping = true;
        if (stop) stopNow(stop);
      };
      const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
      if (!ignoredAtStart('SIGHUP')) signals.push('SIGHUP');
      for (const signal of signals) process.on(signal, shutdown);
      stop = await serve(config, out);
      if (stopping) stopNow(stop);
      return -1; // keep running
    }
    case 'migrate':
      return (await import('./cli/migrate')).migrateCommand(config, args, out);
    case 'accounts':
      await (await import('./cli/accounts')).accountsCommand(config, args, out);
      return 0;
    case 'users':
      await (await import('./cli/users')).usersCommand(config, args, out);
      return 0;
    case 'plans':
      await (await import('./cli/plans')).plansCommand(config, args, out);
      return 0;
    case 'backup':
      await (await import('./cli/backup')).backupCommand(config, args, out);
      return 0;
    case 'restore':
      return (await import('./cli/backup')).restoreCommand(config, args, out);
    case 'healthcheck':
      return (await import('./cli/healthcheck')).healthcheckCommand(config, out);
    case 'receive':
      return (await import('./cli/receive')).receiveCommand(config, args, out);
    case 'rules':
      return (await import('./cli/rules')).rulesCommand(config, args, out);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function describe(error: unknown): { message: string; code: number } {
  if (error instanceof ConfigError) return { message: `invalid setting: ${error.message}`, code: 2 };
  if (error instanceof UsageError)
    return { message: error.showUsage ? `${error.message}\n\n${USAGE}` : error.message, code: 2 };
  if (error instanceof DomainError) {
    const fields = (error.details?.fields as { loc: string; msg: string }[] | undefined) ?? [];
    const detail = fields.map((f) => `${f.loc}: ${f.msg}`).join('; ');
    return { message: detail ? `${error.message}: ${detail}` : error.message, code: 1 };
  }
  return { message: error instanceof Error ? error.message : String(error), code: 1 };
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    const { message, code } = describe(error);
    console.error(`invoice-service: ${message}`);
    process.exit(code);
  },
);

/**
 * Whether `signal` was ignored when this process started (`nohup` ignores SIGHUP), read from Linux's
 * `/proc/self/status` (SigIgn, a bit per signal) before any handler of ours is set; false elsewhere.
 */
function ignoredAtStart(signal: NodeJS.Signals): boolean {
  const number = osConstants.signals[signal];
  try {
    const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return (
      mask !== undefined && number !== undefined && ((BigInt(`0x${mask}`) >> BigInt(number - 1)) & 1n) === 1n
    );
  } catch {
    return false;
  }
}
