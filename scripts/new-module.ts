// `npm run new-module -- <name> --prefix <id prefix> [--noun "Cost centre"] [--no-migration]`: a plain
// resource as a module of its own, ready to grow: its folder (schema, model, repo on the resource kit,
// access rules, routes, use-cases, module.ts with its isolation fixture), its line in the module list, both
// engines' migrations (npm run db:generate), an HTTP test and a docs page. `<name>` is the kebab-case
// plural the API uses (`/api/v1/<name>`), e.g. `projects` or `cost-centres`. What the scaffold writes is the
// starting point docs/architecture.md ("Adding a module") describes; it refuses to overwrite anything.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dir, '..');

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    prefix: { type: 'string' },
    noun: { type: 'string' },
    'no-migration': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  console.error(
    'usage: npm run new-module -- <name> --prefix <id prefix> [--noun "Cost centre"] [--no-migration]',
  );
  process.exit(2);
}

const name = positionals[0] ?? '';
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) fail(`the name must be kebab-case, got "${name}"`);
const prefix = values.prefix ?? '';
if (!/^[a-z]{2,4}$/.test(prefix)) fail('--prefix: 2 to 4 lowercase letters, e.g. prj');

const words = name.split('-');
const camel = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
const snake = words.join('_');
/** `projects` -> `project`, `cost-centres` -> `cost-centre` (a name that is not a plain plural: --noun). */
const singularWords = [...words.slice(0, -1), (words.at(-1) ?? '').replace(/s$/, '')];
const noun = values.noun ?? capitalise(singularWords.join(' '));
const nounPascal = noun
  .split(/\s+/)
  .map((w) => capitalise(w.toLowerCase()))
  .join('');
const nounCamel = nounPascal[0]?.toLowerCase() + nounPascal.slice(1);
/** The resource's name in access rules and roles, snake_case as the others' (`product`, `cost_centre`). */
const nounSnake = noun
  .toLowerCase()
  .split(/[^a-z0-9]+/)
  .filter(Boolean)
  .join('_');
const title = capitalise(words.join(' '));

function capitalise(text: string): string {
  return text === '' ? text : text[0]?.toUpperCase() + text.slice(1);
}

const folder = join(ROOT, 'src/modules', name);
if (existsSync(folder)) fail(`src/modules/${name} exists already`);
const modulesList = join(ROOT, 'src/modules/index.ts');
const list = readFileSync(modulesList, 'utf8');
const owner = declaredPrefixes().get(prefix);
if (owner) fail(`the id prefix "${prefix}" is taken by ${owner}`);

/**
 * Every id prefix declared, and by whom: each module folder's module.ts `idPrefixes` (listed in the module
 * list or not yet), and the lower layers' shared ones (src/shared/ids.ts, `SHARED_ID_PREFIXES`).
 */
function declaredPrefixes(): Map<string, string> {
  const found = new Map<string, string>();
  const quoted = (text: string) => [...text.matchAll(/['"`]([a-z]+)['"`]/g)].map((m) => m[1] ?? '');
  const modules = join(ROOT, 'src/modules');
  for (const folder of readdirSync(modules, { withFileTypes: true })) {
    const file = join(modules, folder.name, 'module.ts');
    if (!folder.isDirectory() || !existsSync(file)) continue;
    for (const ids of readFileSync(file, 'utf8').matchAll(/idPrefixes:\s*\[([^\]]*)\]/g)) {
      for (const id of quoted(ids[1] ?? '')) found.set(id, `the module ${folder.name}`);
    }
  }
  const shared = readFileSync(join(ROOT, 'src/shared/ids.ts'), 'utf8').match(
    /SHARED_ID_PREFIXES\s*=\s*\[([^\]]*)\]/,
  );
  for (const id of quoted(shared?.[1] ?? '')) found.set(id, 'src/shared/ids.ts (SHARED_ID_PREFIXES)');
  return found;
}

const path = `/api/v1/${name}`;
const files: Record<string, string> = {
  'schema.ts': `import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, createdBy, updatedAt } from '../../db/columns';
import { accounts } from '../accounts/schema';

/** ${title} of an account. */
export const ${camel} = sqliteTable(
  '${snake}',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('${snake}_account_idx').on(t.accountId, t.id)],
);

export type ${nounPascal}Row = typeof ${camel}.$inferSelect;
`,
  'model.ts': `import { t } from 'elysia';
import { clearable, nullable, trimmedOrNull } from '../../domain/schema-parts';
import type { ${nounPascal}Row } from './schema';

const Name = t.String({ minLength: 1, maxLength: 200 });
const optionalFields = { description: clearable(t.String({ maxLength: 2000 })) };

export const Create${nounPascal}Body = t.Object({ name: Name, ...optionalFields }, { additionalProperties: false });
export type Create${nounPascal}Body = typeof Create${nounPascal}Body.static;

/** \`name\` may be changed but never cleared: a null there fails the schema at \`body.name\`. */
export const Update${nounPascal}Body = t.Object(
  { name: t.Optional(Name), ...optionalFields },
  { additionalProperties: false },
);
export type Update${nounPascal}Body = typeof Update${nounPascal}Body.static;

export const ${nounPascal} = t.Object({
  id: t.String({ examples: ['${prefix}_01jd0000000000000000000000'] }),
  name: t.String(),
  description: nullable(t.String()),
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type ${nounPascal} = typeof ${nounPascal}.static;

/** API fields -> columns; omitted fields stay out so an update leaves them alone. */
export function toColumns(input: Update${nounPascal}Body): Partial<${nounPascal}Row> {
  const columns: Partial<${nounPascal}Row> = {
    name: input.name?.trim(),
    description: trimmedOrNull(input.description),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function present${nounPascal}(row: ${nounPascal}Row): ${nounPascal} {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
`,
  'repo.ts': `import { accountRows } from '../../db/scoped';
import { ${camel} } from './schema';

/** Listed newest first; \`?q=\` searches name and description. */
export const ${nounCamel}Rows = accountRows(${camel}, { search: [${camel}.name, ${camel}.description] });

export const find${nounPascal} = ${nounCamel}Rows.find;
`,
  'access.ts': `// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { resourceAccess } from '../../http/resource-kit';
import { find${nounPascal} } from './repo';

export const ${camel}Access = resourceAccess('${path}', '${nounSnake}', find${nounPascal});
`,
  'routes.ts': `import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { resourceRoutes } from '../../http/resource-kit';
import { Create${nounPascal}Body, ${nounPascal}, present${nounPascal}, Update${nounPascal}Body } from './model';
import { ${nounCamel}Rows } from './repo';
import { create${nounPascal} } from './use-cases/create-${singularWords.join('-')}';
import { delete${nounPascal} } from './use-cases/delete-${singularWords.join('-')}';
import { update${nounPascal} } from './use-cases/update-${singularWords.join('-')}';

export function ${camel}Routes(auth: Auth, _deps: AppDeps) {
  return resourceRoutes(auth, {
    prefix: '${path}',
    tag: '${title}',
    noun: '${noun}',
    rows: ${nounCamel}Rows,
    body: { create: Create${nounPascal}Body, update: Update${nounPascal}Body },
    item: { schema: ${nounPascal}, present: present${nounPascal} },
    search: 'Only those whose name or description contains this text (any case)',
    summaries: {
      create: 'Create a ${noun.toLowerCase()}',
      list: 'List ${title.toLowerCase()}, newest first; ?q= searches name and description',
      get: 'Get a ${noun.toLowerCase()}',
      update: 'Update a ${noun.toLowerCase()}: omitted fields stay, null clears',
      delete: 'Delete a ${noun.toLowerCase()}',
    },
    create: create${nounPascal},
    update: update${nounPascal},
    remove: delete${nounPascal},
  });
}
`,
  [`use-cases/create-${singularWords.join('-')}.ts`]: `import { transactional } from '../../../db/transaction';
import { createOne } from '../../../http/resource-kit';
import { newId } from '../../../shared/ids';
import { type Create${nounPascal}Body, toColumns } from '../model';
import { ${nounCamel}Rows } from '../repo';

export const create${nounPascal} = transactional(
  createOne({
    rows: ${nounCamel}Rows,
    fields: (input: Create${nounPascal}Body) => ({ id: newId('${prefix}'), name: input.name.trim(), ...toColumns(input) }),
    problems: () => [],
  }),
);
`,
  [`use-cases/update-${singularWords.join('-')}.ts`]: `import { transactional } from '../../../db/transaction';
import { updateOne } from '../../../http/resource-kit';
import { toColumns, type Update${nounPascal}Body } from '../model';
import { ${nounCamel}Rows } from '../repo';

/** PATCH: omitted = unchanged, value = set, null = clear; \`updated_at\` moves only on a real change. */
export const update${nounPascal} = transactional(
  updateOne({
    rows: ${nounCamel}Rows,
    noun: '${noun}',
    columns: (patch: Update${nounPascal}Body) => toColumns(patch),
    problems: () => [],
  }),
);
`,
  [`use-cases/delete-${singularWords.join('-')}.ts`]: `import { deleteOne } from '../../../http/resource-kit';
import { ${nounCamel}Rows } from '../repo';

export const delete${nounPascal} = deleteOne({ rows: ${nounCamel}Rows, noun: '${noun}' });
`,
  'module.ts': `import { resourceIsolation } from '../../http/resource-kit';
import { defineModule } from '../../module';
import { ${camel}Access } from './access';
import { ${camel}Routes } from './routes';

export const ${camel}Module = defineModule({
  name: '${name}',
  routes: ${camel}Routes,
  access: ${camel}Access,
  idPrefixes: ['${prefix}'],
  isolation: resourceIsolation('${path}', { name: 'Mine' }, { name: 'stolen' }),
});
`,
  'index.ts': `export { ${camel}Access } from './access';
export { type ${nounPascal}, present${nounPascal} } from './model';
export { find${nounPascal} } from './repo';
`,
};

mkdirSync(join(folder, 'use-cases'), { recursive: true });
for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);

// The module list: the import in name order, the entry before the modules that come last in route order.
const importLine = `import { ${camel}Module } from './${name}/module';\n`;
const imports = [...list.matchAll(/^import \{ \w+ \} from '\.\/[^']+';\n/gm)];
const after = imports.filter((m) => (m[0].match(/'\.\/([^/]+)/)?.[1] ?? '') < name).at(-1) ?? imports[0];
let next = list;
if (after?.index !== undefined) {
  const at = after.index + after[0].length;
  next = `${next.slice(0, at)}${importLine}${next.slice(at)}`;
}
next = next.replace('  importsModule,\n', `  ${camel}Module,\n  importsModule,\n`);
writeFileSync(modulesList, next);

const testFile = join(ROOT, 'test/http', `${name}.test.ts`);
if (!existsSync(testFile)) {
  writeFileSync(
    testFile,
    `// ${title} (docs/${name}.md): create, read, list with ?q=, update, delete, one account's only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const call = (method: string, path: string, body?: unknown, key = account.apiKey) =>
  server.json(path, { method, key, body });

describe('${name}', () => {
  test('create, get, list with ?q=, update, delete', async () => {
    const made = await call('POST', '${path}', { name: 'First', description: 'the first one' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'First', description: 'the first one' });
    expect(made.body.data.id).toMatch(/^${prefix}_/);
    const id = made.body.data.id as string;
    expect((await call('GET', \`${path}/\${id}\`)).body.data.name).toBe('First');
    await call('POST', '${path}', { name: 'Second' });
    const found = await call('GET', '${path}?q=first');
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
    const changed = await call('PATCH', \`${path}/\${id}\`, { description: null });
    expect(changed.body.data).toMatchObject({ name: 'First', description: null });
    expect((await call('DELETE', \`${path}/\${id}\`)).body.data).toEqual({ deleted: true });
    expect((await call('GET', \`${path}/\${id}\`)).status).toBe(404);
  });

  test('bad input is a 422 naming the field; another account sees nothing', async () => {
    const bad = await call('POST', '${path}', { name: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0].loc).toBe('body.name');
    const mine = (await call('POST', '${path}', { name: 'Mine' })).body.data.id as string;
    const other = await makeAccount(server);
    expect((await call('GET', \`${path}/\${mine}\`, undefined, other.apiKey)).status).toBe(404);
    expect((await call('GET', '${path}', undefined, other.apiKey)).body.data).toEqual([]);
  });
});
`,
  );
}

const docsFile = join(ROOT, 'docs', `${name}.md`);
if (!existsSync(docsFile)) {
  writeFileSync(
    docsFile,
    `# ${title}

${title} of an account, kept by the service (\`src/modules/${name}/\`, ids \`${prefix}_…\`).

| Method | Path | Body | Answer |
|---|---|---|---|
| POST | \`${path}\` | \`{name, description?}\` | \`{data: ${nounPascal}}\` |
| GET | \`${path}\` | \`?limit&cursor&q\` | a page of ${nounPascal}, newest first: \`{data, pagination: {has_more, next_cursor}}\` |
| GET | \`${path}/{id}\` | - | \`{data: ${nounPascal}}\` |
| PATCH | \`${path}/{id}\` | omitted fields stay, \`null\` clears | \`{data: ${nounPascal}}\` |
| DELETE | \`${path}/{id}\` | - | \`{data: {deleted: true}}\` |

Writes need a key that may write (an account-level key, an owner or admin, or the member who made it);
reads are open to every key of the account. Another account's ids answer 404. A list page holds \`limit\`
of them (1-100, default 50); the next page is asked for with \`cursor\`, the previous page's \`next_cursor\`
(docs/api-conventions.md); \`q\` keeps those whose name or description contains it, in any case.
`,
  );
}

if (!values['no-migration']) {
  const result = Bun.spawnSync([process.execPath, join(import.meta.dir, 'db-generate.ts'), snake], {
    cwd: ROOT,
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if (result.exitCode !== 0) process.exit(result.exitCode ?? 1);
}
const format = Bun.spawnSync(
  [join(ROOT, 'node_modules/.bin/biome'), 'check', '--write', folder, modulesList, testFile],
  { cwd: ROOT, stdout: 'ignore', stderr: 'ignore' },
);
if (format.exitCode !== 0) console.error('biome could not format the new files: run npm run format');

console.log(`src/modules/${name}/ written, its line added to src/modules/index.ts, test/http/${name}.test.ts and docs/${name}.md.
Next: add docs/${name}.md to the README's list of docs, make the model yours (fields, checks), then
npm run db:generate -- ${snake}_<change> after changing its schema.ts, npm run generate, npm run lint, and
npx bun scripts/test-lanes.ts http ${name} (and postgres ${name}).`);
