// Where a ruleset's time goes, template by template: runs one compiled ruleset (SEF) on the large invoice of
// rules-large.ts and times every template rule's action, its own time apart from the templates it applies
// (saxon-js runs a template's action through `internals.Push.push`, wrapped here while measuring; the
// dispatch of the nodes a template applies templates to counts as its own time). Prints per run: each
// template's own time, its calls, its mode and match pattern, the largest first.
// Usage: bun bench/rules-templates.ts <ruleset id> [lines=1000] [runs=3] [top=25]
//   XML=<file> runs it on that invoice instead (lines is then only the label).
//   The SEF is the one the service runs: the vendored rewritten one of the embedded pack
//   (assets/rulesets-sef-cache), compiled from the pack's XSLT with the rewrites if it is not there.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRulePack } from '../src/einvoicing/rule-pack';
import { cachedSefPath, compileRulesetXslt } from '../src/einvoicing/schematron/compile-xslt';
import { loadSaxon, parseSource, type SefNode } from '../src/einvoicing/schematron/saxon';
import { largePeppolInvoice } from './rules-large';

const rulesetId = process.argv[2] ?? 'en16931-ubl';
const lines = Number(process.argv[3] ?? 1000);
const runs = Number(process.argv[4] ?? 3);
const top = Number(process.argv[5] ?? 25);
const root = resolve(join(import.meta.dir, '..'));

interface Push {
  push(expression: unknown, ...rest: unknown[]): unknown;
}

const saxon = await loadSaxon();
const push = (saxon as unknown as { internals?: { Push?: Push } }).internals?.Push;
if (push === undefined) throw new Error('this saxon-js release does not expose internals.Push');
const pack = loadRulePack(join(root, 'assets/rulesets'));
const ruleset = pack.rulesets.get(rulesetId);
if (ruleset?.xsltPath == null) throw new Error(`${rulesetId}: no XSLT in the pack`);
// SEF=<file>: another compiled SEF of the ruleset (an A/B of rewrites, before vendoring them).
const vendored =
  process.env.SEF ?? cachedSefPath(ruleset.id, ruleset.xsltPath, join(root, 'assets/rulesets-sef-cache'));
const sef = JSON.parse(
  vendored === null ? compileRulesetXslt(saxon, ruleset.xsltPath) : readFileSync(vendored, 'utf8'),
) as SefNode;

// Each template rule's action node, named by its mode, pattern and line.
const actions = new Map<unknown, string>();
const visit = (node: SefNode, mode: string): void => {
  const inMode = node.N === 'mode' ? String(node.name ?? '#default').replace('Q{}', '') : mode;
  if (node.N === 'templateRule') {
    const action = node.C?.find((c) => c.role === 'action');
    if (action !== undefined) actions.set(action, `${inMode} ${String(node.match)} (line ${node.line})`);
  }
  for (const child of node.C ?? []) visit(child, inMode);
};
visit(sef, '');

// XML=<file>: another invoice (a CII one for the CII rulesets); default the large Peppol invoice.
const xml = process.env.XML
  ? readFileSync(process.env.XML, 'utf8')
  : largePeppolInvoice(join(root, '../shared/rulesets'), lines);
// As the service parses it (parseSource: its elements named once).
const source = parseSource(saxon, xml);
const run = () =>
  saxon.transform(
    { stylesheetInternal: sef, sourceNode: source, destination: 'document', deliverMessage: () => {} },
    'sync',
  );
run();
run();

const own = new Map<string, number>();
const calls = new Map<string, number>();
const stack: { start: number; inner: number }[] = [];
const original = push.push;
push.push = function (this: Push, expression: unknown, ...rest: unknown[]) {
  const name = actions.get(expression);
  if (name === undefined) return original.call(this, expression, ...rest);
  const frame = { start: performance.now(), inner: 0 };
  stack.push(frame);
  try {
    return original.call(this, expression, ...rest);
  } finally {
    stack.pop();
    const total = performance.now() - frame.start;
    own.set(name, (own.get(name) ?? 0) + total - frame.inner);
    calls.set(name, (calls.get(name) ?? 0) + 1);
    const parent = stack.at(-1);
    if (parent !== undefined) parent.inner += total;
  }
};
const started = performance.now();
for (let i = 0; i < runs; i++) run();
const wall = (performance.now() - started) / runs;
push.push = original;

const rows = [...own].sort((a, b) => b[1] - a[1]);
const inTemplates = rows.reduce((sum, [, ms]) => sum + ms, 0) / runs;
console.log(
  `${rulesetId}, ${lines} lines, ${vendored === null ? 'compiled here' : 'vendored SEF'}: ${wall.toFixed(0)} ms a run (measured), ${inTemplates.toFixed(0)} ms in templates`,
);
console.log('| Own time a run | Calls a run | Template |');
console.log('|---|---|---|');
for (const [name, ms] of rows.slice(0, top)) {
  console.log(`| ${(ms / runs).toFixed(1)} ms | ${(calls.get(name) ?? 0) / runs} | ${name.slice(0, 160)} |`);
}
