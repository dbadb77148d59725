#!/usr/bin/env bun
// The single entry point: `invoice-service <command>`; parses the command, reads config, runs it.
import { parseArgs, UsageError } from './cli/args';
import { USAGE } from './cli/help';
import { keepFilesPrivate } from './cli/runtime';
import { serve } from './cli/serve';
import { ConfigError, loadConfig } from './config';
import { DomainError } from './shared/errors';
import { VERSION } from './version';

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
    out(VERSION);
    return 0;
  }
  const config = loadConfig(process.env, args.flags);
  // Each command's code is loaded when it runs: a server does not hold the backup's ZIP reader (with
  // node:zlib) or the other commands in its memory.
  switch (command) {
    case 'serve': {
      const stop = await serve(config, out);
      // SIGHUP too (a closed terminal, a `kill -HUP`): a clean stop that releases its jobs, never the
      // default's kill that leaves them to their lease. Once, whichever signal comes first.
      let stopping = false;
      const shutdown = () => {
        if (stopping) return;
        stopping = true;
        void stop().then(() => process.exit(0));
      };
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
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
