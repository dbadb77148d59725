// `npm run generate`: writes anew every file the repository generates from its own source, then runs the
// tests that check them (and the ones a new module's descriptor feeds):
//   src/db/embedded-migrations.ts   the SQL files of migrations/, embedded for the executable
//                                   (a new migration itself: `npm run db:generate`, drizzle-kit + this embed)
//   src/console/api-paths.ts        the console's typed API paths, from the service's OpenAPI document
//   src/console/api-types.ts        the types of the API objects the console names, from the same document
//   src/console/document-actions.ts the document lifecycle actions the console offers, from
//                                   src/domain/document-actions.ts
//   src/console/unit-names.ts       the units' short names beside a quantity, from
//                                   src/rendering/labels/units.ts
// Not here (slow or from outside the repository, run by hand when their input changes):
//   scripts/vendor-rules.ts (the official rule pack), scripts/bytecode-order.ts (the executable's layout),
//   scripts/gallery.ts --docs (docs/gallery images).
//   bun scripts/generate.ts [--no-tests]
import { TIMEOUT_MS } from './test-lanes';

const ROOT = new URL('..', import.meta.url).pathname;

/** The tests that check what is generated, or read the module list. */
export const AFFECTED_TESTS = [
  'test/unit/module-descriptors.test.ts',
  'test/http/console-api-paths.test.ts',
  'test/unit/console-api-types.test.ts',
  'test/unit/console-document-actions.test.ts',
  'test/unit/console-unit-names.test.ts',
  'test/http/openapi-auth.test.ts',
  'test/http/isolation.test.ts',
  'test/http/conventions.test.ts',
  'test/unit/migration-0015.test.ts',
];

function run(what: string, cmd: string[], env: Record<string, string> = {}): void {
  console.log(`\n== ${what}: ${cmd.join(' ')}`);
  const done = Bun.spawnSync(cmd, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if (done.exitCode !== 0) {
    console.error(`generate: ${what} failed (exit ${done.exitCode})`);
    process.exit(done.exitCode ?? 1);
  }
}

if (import.meta.main) {
  run('embedded migrations', ['bun', 'scripts/embed-migrations.ts']);
  run(
    'console API paths',
    ['bun', 'test', '--timeout', String(TIMEOUT_MS), 'test/http/console-api-paths.test.ts'],
    {
      UPDATE_API_PATHS: '1',
    },
  );
  run(
    'console API types',
    ['bun', 'test', '--timeout', String(TIMEOUT_MS), 'test/unit/console-api-types.test.ts'],
    { UPDATE_API_TYPES: '1' },
  );
  run(
    'console document actions',
    ['bun', 'test', '--timeout', String(TIMEOUT_MS), 'test/unit/console-document-actions.test.ts'],
    { UPDATE_DOCUMENT_ACTIONS: '1' },
  );
  run(
    'console unit names',
    ['bun', 'test', '--timeout', String(TIMEOUT_MS), 'test/unit/console-unit-names.test.ts'],
    { UPDATE_UNIT_NAMES: '1' },
  );
  if (!process.argv.includes('--no-tests')) {
    run('the affected tests', ['bun', 'test', '--timeout', String(TIMEOUT_MS), ...AFFECTED_TESTS]);
  }
}
