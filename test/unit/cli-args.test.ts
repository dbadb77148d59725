// The command line: a flag the command does not know is a usage error (exit 2), never silently ignored.
import { describe, expect, test } from 'bun:test';
import { parseArgs, UsageError } from '../../src/cli/args';

const refusal = (argv: string[]) => {
  try {
    parseArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return null;
};

describe('parseArgs refuses flags a command does not know', () => {
  test('a misspelt flag is named with the command and its own flags', () => {
    expect(refusal(['backup', '--out', 'x.zip', '--datadir', '/x'])).toBe(
      "backup has no flag --datadir; its flags: --out, and the settings' flags listed below",
    );
    expect(refusal(['accounts', 'create', '--name', 'X', '--plann=plan_pro'])).toContain(
      'accounts create has no flag --plann; its flags: --name, --plan, --office, --json',
    );
  });

  test('switches count too, per subcommand', () => {
    expect(refusal(['backup', '--out', 'x.zip', '--json'])).toContain('backup has no flag --json');
    expect(refusal(['users', 'set-password', '--email', 'a@b.c', '--role', 'admin'])).toContain(
      'users set-password has no flag --role',
    );
    expect(refusal(['--prot', '8080'])).toContain('serve has no flag --prot');
  });

  test("every setting's flag and --help are known to every command", () => {
    expect(refusal(['backup', '--out', 'x.zip', '--data-dir', '/srv/data', '--log-level=silent'])).toBeNull();
    expect(refusal(['serve', '--port', '8080', '--host', '0.0.0.0'])).toBeNull();
    expect(refusal(['restore', 'x.zip', '--help'])).toBeNull();
    expect(refusal(['rules', 'verify', 'dir', '--json'])).toBeNull();
    expect(refusal(['receive', 'a.xml', 'b.pdf', '--account', 'acc_1', '--json'])).toBeNull();
  });

  test('an unknown command or subcommand is left to the command to refuse', () => {
    expect(refusal(['frobnicate', '--anything', 'x'])).toBeNull();
    expect(refusal(['accounts', 'frob', '--anything', 'x'])).toBeNull();
  });
});
