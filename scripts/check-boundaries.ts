// The import boundaries of docs/architecture.md, checked from the source text (run by `npm run lint`):
// 1. the lower layers (rendering, einvoicing, db, http, shared, jobs, storage, workers, domain) import
//    nothing from src/modules/;
// 2. a module imports another module only through its front door, `modules/<name>/index.ts` (a module's
//    schema.ts may name another's schema.ts: foreign keys); the module list, src/modules/index.ts, names
//    each module's descriptor (`modules/<name>/module.ts`);
// 3. nothing imports src/app.ts or src/background.ts but src/service.ts (the composition root), and only
//    the entry points (main.ts, cli/) import service.ts;
// 4. src/domain (the document vocabulary, money, the reference lists) imports nothing outside itself;
// 5. src/console (the web console, run in the browser) imports nothing of the server: it is a client of the
//    public API only;
// 6. src/domain does not import the web framework (its schemas are TypeBox's own `Type`);
// 7. no file outside a module (deps.ts, service.ts, the CLI...) reaches past a module's front door either;
// 8. no import cycles, type-only imports included (a cycle is listed with its files, shortest first);
// 9. outside src/db and src/jobs a transaction is opened only through src/db/transaction.ts (inTransaction,
//    transactional, savepoint), never by calling `.transaction(` on a database handle: one way, which joins
//    an open transaction instead of nesting one (a job's fenced `job.transaction` is the job runtime's).
// Every file under src/ is read. Any import that breaks one fails the check, with the file, the import and
// the rule.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');
const SRC = join(ROOT, 'src');
const LOWER = ['rendering', 'einvoicing', 'db', 'http', 'shared', 'jobs', 'storage', 'workers', 'domain'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The src-relative path an import names, with `.ts` or `/index.ts` as the file on disk has it. */
function target(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return relative(SRC, candidate);
    } catch {
      // try the next form
    }
  }
  return relative(SRC, base);
}

const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : null);

function breaks(from: string, to: string): string | null {
  if (to.startsWith('..')) return null; // outside src (package.json, node_modules)
  const layer = from.split('/')[0] ?? '';
  if (layer === 'domain' && !to.startsWith('domain/')) return 'the domain layer imports the service';
  if (layer === 'console' && !to.startsWith('console/')) return 'the web console imports the server';
  if (LOWER.includes(layer) && to.startsWith('modules/')) return 'a lower layer imports a module';
  if (from === 'modules/index.ts' && /^modules\/[^/]+\/module\.ts$/.test(to)) return null;
  // The module list is the way in for the composition root (app.ts, background.ts, access-rules.ts).
  if (to === 'modules/index.ts') return null;
  const own = moduleOf(from);
  const other = moduleOf(to);
  if (other !== null && own !== other) {
    const inside = to.slice(`modules/${other}/`.length);
    const foreignKey = from.endsWith('/schema.ts') && inside === 'schema.ts';
    if (inside !== 'index.ts' && !foreignKey) return "an import past another module's front door";
  }
  // service.ts (createService) is the one composition root: it alone wires app.ts and background.ts, and
  // only the entry points (main.ts, cli/) build the service (the test harness does too, from test/).
  if ((to === 'app.ts' || to === 'background.ts') && from !== 'service.ts') {
    return 'an import of the composition root';
  }
  if (to === 'service.ts' && !from.startsWith('cli/') && from !== 'main.ts') {
    return 'an import of the composition root';
  }
  return null;
}

/** Packages a layer may not import: the domain is plain data and schemas, whatever serves it. */
const FORBIDDEN_PACKAGES: Record<string, RegExp> = { domain: /^elysia(\/|$)/ };
const PACKAGE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^.'"][^'"]*)['"]/g;

/** `db.transaction(`, `ctx.db.transaction(`, `this.db.transaction(`, `tx.transaction(`: not `job.transaction(`. */
const OWN_TRANSACTION = /\b(?:db|tx|\w+\.db)\s*\.transaction\(/g;

const found = new Map<string, string>();
/** Every import between files of src/, for the cycle check. */
const graph = new Map<string, Set<string>>();
for (const file of sourceFiles(SRC)) {
  const from = relative(SRC, file);
  const text = readFileSync(file, 'utf8');
  const layer = from.split('/')[0] ?? '';
  if (layer !== 'db' && layer !== 'jobs') {
    for (const match of text.matchAll(OWN_TRANSACTION)) {
      found.set(`${from}: ${match[0]}`, 'a transaction opened past src/db/transaction.ts');
    }
  }
  const forbidden = FORBIDDEN_PACKAGES[layer];
  for (const match of forbidden ? text.matchAll(PACKAGE_IMPORT) : []) {
    if (forbidden?.test(match[1] ?? ''))
      found.set(`${from} -> ${match[1]}`, 'the domain layer imports the web framework');
  }
  for (const match of text.matchAll(IMPORT)) {
    const to = target(file, match[1] ?? match[2] ?? '');
    const why = breaks(from, to);
    if (why !== null) found.set(`${from} -> ${to}`, why);
    if (!to.startsWith('..')) graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
}

/** The strongly connected components of more than one file (Tarjan): each holds at least one cycle. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a.length - b.length);
}

for (const component of cycles(graph)) {
  found.set(`cycle of ${component.length} files: ${component.join(', ')}`, 'an import cycle');
}

for (const [edge, why] of found) console.error(`boundary: ${edge}: ${why}`);
console.log(`import boundaries and cycles (docs/architecture.md): ${found.size} broken`);
if (found.size > 0) process.exit(1);
