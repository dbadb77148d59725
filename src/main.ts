#!/usr/bin/env bun
// The single entry point: `invoice-service <command>`; parses the command, reads config, runs it.
import { accountsCommand } from './cli/accounts';
import { parseArgs, UsageError } from './cli/args';
import { backupCommand, restoreCommand } from './cli/backup';
import { healthcheckCommand } from './cli/healthcheck';
import { USAGE } from './cli/help';
import { plansCommand } from './cli/plans';
import { receiveCommand } from './cli/receive';
import { rulesCommand } from './cli/rules';
import { keepFilesPrivate, openDataDir } from './cli/runtime';
import { serve } from './cli/serve';
import { usersCommand } from './cli/users';
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
  switch (command) {
    case 'serve': {
      const stop = await serve(config, out);
      const shutdown = () => void stop().then(() => process.exit(0));
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
      return -1; // keep running
    }
    case 'migrate': {
      const handle = await openDataDir(config);
      await handle.close();
      out('Database is up to date.');
      return 0;
    }
    case 'accounts':
      await accountsCommand(config, args, out);
      return 0;
    case 'users':
      await usersCommand(config, args, out);
      return 0;
    case 'plans':
      await plansCommand(config, args, out);
      return 0;
    case 'backup':
      await backupCommand(config, args, out);
      return 0;
    case 'restore':
      return restoreCommand(config, args, out);
    case 'healthcheck':
      return healthcheckCommand(config, out);
    case 'receive':
      return receiveCommand(config, args, out);
    case 'rules':
      return rulesCommand(config, args, out);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function describe(error: unknown): { message: string; code: number } {
  if (error instanceof ConfigError) return { message: `invalid setting: ${error.message}`, code: 2 };
  if (error instanceof UsageError) return { message: `${error.message}\n\n${USAGE}`, code: 2 };
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
