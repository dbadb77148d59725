// The newcomer path (issue 38): `npm run new-module -- projects --prefix prj` on a copy of the project
// writes a module that type-checks, keeps the import boundaries, has both engines' migrations, and whose
// own HTTP test passes against a real server.
import { afterAll, expect, test } from 'bun:test';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
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

  // Whatever migrations the project has by now, the new module's come after them.
  const numbers = (dir: string) =>
    readdirSync(join(copy, dir))
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .map((f) => ({ n: Number(f.slice(0, 4)), f }));
  const newest = (dir: string) => Math.max(...numbers(dir).map((m) => m.n));
  const before = { sqlite: newest('migrations'), pg: newest('migrations/pg') };

  const made = run([process.execPath, 'scripts/new-module.ts', 'projects', '--prefix', 'prj']);
  expect(made.out).toContain('written');
  expect(made.code).toBe(0);
  for (const [dir, last] of [
    ['migrations', before.sqlite],
    ['migrations/pg', before.pg],
  ] as const) {
    const mine = numbers(dir).filter((m) => m.f.endsWith('_projects.sql'));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.n).toBe(last + 1);
  }
  expect(readFileSync(join(copy, 'src/modules/index.ts'), 'utf8')).toContain('  projectsModule,\n');
  expect(readFileSync(join(copy, 'src/db/embedded-migrations.ts'), 'utf8')).toContain('projects');

  // The access rules name the resource in snake_case, as the other modules do (`cost_centre`).
  expect(readFileSync(join(copy, 'src/modules/projects/access.ts'), 'utf8')).toContain(
    "resourceAccess('/api/v1/projects', 'project', findProject)",
  );
  const siteAreas = run([
    process.execPath,
    'scripts/new-module.ts',
    'site-areas',
    '--prefix',
    'sar',
    '--noun',
    'Site area',
    '--no-migration',
  ]);
  expect(siteAreas.code).toBe(0);
  expect(readFileSync(join(copy, 'src/modules/site-areas/access.ts'), 'utf8')).toContain("'site_area'");
  // The docs page names the list's real paging parameters (src/http/schemas.ts, PageQuery).
  const page = readFileSync(join(copy, 'docs/projects.md'), 'utf8');
  expect(page).toContain('?limit&cursor&q');
  expect(page).toContain('next_cursor');
  expect(page).not.toContain('starting_after');
  rmSync(join(copy, 'src/modules/site-areas'), { recursive: true });
  rmSync(join(copy, 'test/http/site-areas.test.ts'));
  rmSync(join(copy, 'docs/site-areas.md'));
  const list = join(copy, 'src/modules/index.ts');
  writeFileSync(
    list,
    readFileSync(list, 'utf8')
      .replace("import { siteAreasModule } from './site-areas/module';\n", '')
      .replace('  siteAreasModule,\n', ''),
  );
  expect(readFileSync(list, 'utf8')).not.toContain('siteAreas');

  // Taken for granted by a second one: the prefix and the folder are refused, nothing overwritten. A
  // prefix is taken when any module declares it, listed or not yet, or the lower layers share it.
  const refused = (name: string, prefix: string) => {
    const result = run([process.execPath, 'scripts/new-module.ts', name, '--prefix', prefix]);
    expect({ name, prefix, code: result.code }).toEqual({ name, prefix, code: 2 });
    expect(existsSync(join(copy, 'src/modules', name))).toBe(name === 'projects');
    return result.out;
  };
  refused('projects', 'prk');
  expect(refused('tasks', 'prj')).toContain('the module projects');
  expect(refused('tasks', 'cc')).toContain('the module cost-centres');
  expect(refused('tasks', 'rinv')).toContain('the module recurring-invoices');
  expect(refused('tasks', 'job')).toContain('SHARED_ID_PREFIXES');
  mkdirSync(join(copy, 'src/modules/widgets'));
  writeFileSync(
    join(copy, 'src/modules/widgets/module.ts'),
    "export const widgetsModule = { name: 'widgets', idPrefixes: ['wdg'] };\n",
  );
  expect(refused('tasks', 'wdg')).toContain('the module widgets');
  rmSync(join(copy, 'src/modules/widgets'), { recursive: true });

  const boundaries = run([process.execPath, 'scripts/check-boundaries.ts']);
  expect(boundaries.out).toContain('0 broken');
  const types = run([join(ROOT, 'node_modules/.bin/tsc'), '--noEmit', '-p', '.']);
  expect(types.out).toBe('');
  const own = run([process.execPath, 'test', 'test/http/projects.test.ts', '--timeout', '30000']);
  expect(own.out).toContain(' 2 pass');
  expect(own.code).toBe(0);
  // The type-check of the copy's src is most of it: 35 s alone, 143 s in a quiet CI run beside the other
  // lanes (one tsc of 0.8-1.2 GB on two busy cores); a slower machine must not turn that into a failure.
}, 480_000);
