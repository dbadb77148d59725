// The newcomer path (issue 38): `npm run new-module -- projects --prefix prj` on a copy of the project
// writes a module that type-checks, keeps the import boundaries, has both engines' migrations, and whose
// own HTTP test passes against a real server.
import { afterAll, expect, test } from 'bun:test';
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from '../harness';

const copy = tempDir('inv-new-module-');
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function run(command: string[], cwd = copy) {
  const result = Bun.spawnSync(command, { cwd, env: { ...process.env, LOG_LEVEL: 'silent' } });
  return { code: result.exitCode, out: `${result.stdout.toString()}${result.stderr.toString()}` };
}

test('a scaffolded plain resource type-checks, keeps the boundaries, migrates both engines and passes its own test', async () => {
  for (const entry of ['src', 'migrations', 'scripts', 'test', 'assets', 'docs', 'bench']) {
    cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  for (const file of [
    'package.json',
    'tsconfig.json',
    'biome.json',
    'bunfig.toml',
    'drizzle.config.ts',
    'drizzle.pg.config.ts',
  ]) {
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  // The tests' shared material, where the copy's tests look for it.
  process.env.SHARED_DIR ??= join(ROOT, '..', 'shared');

  const made = run([process.execPath, 'scripts/new-module.ts', 'projects', '--prefix', 'prj']);
  expect(made.out).toContain('written');
  expect(made.code).toBe(0);
  expect(existsSync(join(copy, 'migrations/0025_projects.sql')) || /_projects\.sql/.test(made.out)).toBe(
    true,
  );
  const pg = run(['sh', '-c', 'ls migrations/pg/*_projects.sql']);
  expect(pg.code).toBe(0);
  expect(readFileSync(join(copy, 'src/modules/index.ts'), 'utf8')).toContain('  projectsModule,\n');
  expect(readFileSync(join(copy, 'src/db/embedded-migrations.ts'), 'utf8')).toContain('projects');

  // Taken for granted by a second one: the prefix and the folder are refused, nothing overwritten.
  expect(run([process.execPath, 'scripts/new-module.ts', 'projects', '--prefix', 'prk']).code).toBe(2);
  expect(run([process.execPath, 'scripts/new-module.ts', 'tasks', '--prefix', 'prj']).code).toBe(2);

  const boundaries = run([process.execPath, 'scripts/check-boundaries.ts']);
  expect(boundaries.out).toContain('0 broken');
  const types = run([join(ROOT, 'node_modules/.bin/tsc'), '--noEmit', '-p', '.']);
  expect(types.out).toBe('');
  const own = run([process.execPath, 'test', 'test/http/projects.test.ts', '--timeout', '30000']);
  expect(own.out).toContain(' 2 pass');
  expect(own.code).toBe(0);
}, 240_000);
