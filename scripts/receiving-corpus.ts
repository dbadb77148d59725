// Tabulates how the service reads every file of the public receiving corpus (../shared/receiving-corpus):
// POST /einvoices/parse of each, then the outcome per file (status, syntax, format, profile, named warnings,
// the message of a refusal). `bun scripts/receiving-corpus.ts [--json FILE] [--visualize]`.
// Without the official rules (no rule pack): what is read, not the verdict.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeAccount } from '../test/factories';
import { ROOT, startServer } from '../test/harness';

const CORPUS = join(ROOT, '..', 'shared', 'receiving-corpus', 'samples');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const same = (a: string, b: string) => Number(a) === Number(b);
const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const visualize = args.includes('--visualize');
const server = await startServer({ rulesetsDir: null, startJobs: false });
const account = await makeAccount(server);
const rows: Record<string, unknown>[] = [];
interface Answer {
  data?: {
    syntax: string;
    format: string;
    profile: string | null;
    customization_id: string | null;
    document_type: string;
    totals: Record<string, string>;
    data: { line_items: unknown[]; stated_totals?: Record<string, string> };
    warnings: { term: string; message: string }[];
  };
  error?: { message: string };
}
const post = (endpoint: string, bytes: Uint8Array, isPdf: boolean) =>
  fetch(`${server.url}/api/v1/einvoices/${endpoint}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${account.apiKey}`,
      'content-type': isPdf ? 'application/pdf' : 'application/xml',
    },
    body: bytes,
  });
for (const path of filesUnder(CORPUS).sort()) {
  const bytes = new Uint8Array(readFileSync(path));
  const isPdf = new TextDecoder().decode(bytes.subarray(0, 5)) === '%PDF-';
  const res = await post('parse', bytes, isPdf);
  const body = (await res.json()) as Answer;
  const d = body.data;
  const row: Record<string, unknown> = {
    file: relative(CORPUS, path),
    status: res.status,
    ...(d
      ? {
          syntax: d.syntax,
          format: d.format,
          profile: d.profile,
          customization_id: d.customization_id,
          totals: d.totals,
          stated: d.data.stated_totals,
          lines: d.data.line_items.length,
          warnings: d.warnings.map((w) => `${w.term}: ${w.message}`),
        }
      : { error: body.error?.message }),
  };
  if (d) {
    const calc = await server.json('/api/v1/documents/calculate', {
      method: 'POST',
      key: account.apiKey,
      body: { document_type: d.document_type, data: d.data },
    });
    const c = calc.body.data?.calculation;
    row.calculated =
      calc.status === 200
        ? same(c.total.amount, d.totals.total ?? '') &&
          same((c.amount_due ?? c.total).amount, d.totals.amount_due ?? '')
          ? 'same'
          : `differs: total ${c.total.amount} due ${(c.amount_due ?? c.total).amount}`
        : `${calc.status} ${calc.body.error?.details?.fields?.map((f: { loc: string; msg: string }) => `${f.loc}: ${f.msg}`).join('; ')}`;
  }
  if (visualize && d) {
    const v = await post('visualize', bytes, isPdf);
    row.visualize = v.status;
    if (v.status !== 200) row.visualize_error = ((await v.json()) as Answer).error?.message;
  }
  rows.push(row);
  console.log(
    `${row.status}\t${row.syntax ?? '-'}\t${row.profile ?? row.format ?? '-'}\t${row.file}\t${row.error ?? ''}${row.calculated && row.calculated !== 'same' ? `\tCALC ${row.calculated}` : ''}${row.visualize && row.visualize !== 200 ? `\tVIS ${row.visualize} ${row.visualize_error}` : ''}`,
  );
}
const byStatus = new Map<number, number>();
for (const r of rows) byStatus.set(r.status as number, (byStatus.get(r.status as number) ?? 0) + 1);
console.log([...byStatus].map(([s, n]) => `${s}: ${n}`).join(', '));
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
await server.stop();
process.exit(0);
