// The reports over HTTP on a large account (issue 42 §4): receivables, payables, revenue and expenses over
// N issued invoices (with credit notes, payments, several currencies, due dates over every ageing bucket,
// voided and draft documents that do not count) and N received documents (with payments), each timed as
// the median of several requests, wall time and CPU (this process: the server and its client; on
// PostgreSQL also the database's processes). The data set is the same on every run (a seeded choice), so
// the printed digests of the answers (their figures, not their ids) compare one version with another. An
// answer that takes over 10 s (Bun.serve's idle timeout cuts the socket) is timed through the same handler
// in-process, and marked so.
// Usage: npx bun bench/reports.ts [sqlite|postgresql] [invoices=50000] [runs=7]
//   postgresql starts a throw-away cluster (test/postgres.ts: Debian's server binaries).
//   SAVE_DB=/tmp/reports.sqlite keeps a copy of the seeded SQLite database (to try statements with sqlite3).
//   HOLD=600 keeps the PostgreSQL cluster up that many seconds after the runs, its database's URL printed
//   (to try statements with psql).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documents } from '../src/modules/documents/schema';
import { payments } from '../src/modules/payments/schema';
import { receivedDocuments, receivedPayments } from '../src/modules/receiving/schema';
import { FakeClock } from '../src/shared/clock';
import { newId } from '../src/shared/ids';
import { makeDocument } from '../test/document-factories';
import { makeAccount, makeBusinessProfile } from '../test/factories';
import { OFFICIAL_RULESETS } from '../test/rule-pack-fixture';

const engine = process.argv[2] ?? 'sqlite';
const invoices = Number(process.argv[3] ?? 50_000);
const runs = Number(process.argv[4] ?? 7);
const TODAY = '2026-11-20';
const CUSTOMERS = 300;
const SUPPLIERS = 200;
const BATCH = 500;

let cluster: Awaited<ReturnType<typeof import('../test/postgres').startPostgres>> | null = null;
if (engine === 'postgresql') {
  const { startPostgres } = await import('../test/postgres');
  cluster = await startPostgres();
  // Read by the harness when it loads: every server gets a fresh database on this cluster.
  process.env.TEST_DATABASE_URL = cluster.url;
}
const { startServer } = await import('../test/harness');

/** A fixed sequence of choices (mulberry32): the same data set on every run and every version. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

const DAY = 86_400_000;
const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => dayOf(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const FIRST = Date.parse('2025-01-01T00:00:00Z');
const LAST = Date.parse(`${TODAY}T00:00:00Z`);
const anyDay = () => dayOf(FIRST + Math.floor(random() * ((LAST - FIRST) / DAY + 1)) * DAY);

/** Minor units as the decimal text the service stores ("123.45"; JPY "123"; KWD "1.234"). */
function text(units: number, decimals: number): string {
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  return decimals === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
/** An amount the service wrote (exactly the currency's decimals) in minor units: its digits. */
const unitsOf = (value: string) => Number(value.replace('.', ''));

const server = await startServer({
  clock: new FakeClock(new Date(`${TODAY}T09:30:00.000Z`)),
  startJobs: false,
});
const account = await makeAccount(server);
const key = account.apiKey;
const profile = await makeBusinessProfile(server, account);

async function post(path: string, body: unknown) {
  const res = await server.json(path, { method: 'POST', key, body });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const seedStart = performance.now();
const customerIds: string[] = [];
for (let i = 0; i < CUSTOMERS; i++) {
  const customer = await post('/api/v1/customers', {
    name: `Kunde ${String(i).padStart(3, '0')} GmbH`,
    billing_address: { line1: `Ring ${i}`, city: 'Köln', country: 'DE' },
  });
  customerIds.push(customer.id);
}
const parties = { profileId: profile.id, customerId: customerIds[0] as string };

/** The currencies of the account, their decimals and how often each is invoiced. */
const CURRENCIES = [
  { code: 'EUR', decimals: 2, weight: 70 },
  { code: 'USD', decimals: 2, weight: 18 },
  { code: 'JPY', decimals: 0, weight: 7 },
  { code: 'KWD', decimals: 3, weight: 5 },
];
const line = (name: string, quantity: string, price: string, rate: string, category = 'S') => ({
  name,
  quantity,
  unit_price: price,
  taxes: [{ name: 'VAT', rate, category }],
});
/** Invoice layouts: one rate, two rates on five lines, a tax-free export, one with a deposit paid. */
const LAYOUTS = (decimals: number): Record<string, unknown>[] => {
  const price = (value: string): string =>
    decimals === 0 ? (value.split('.')[0] ?? value) : decimals === 3 ? `${value}0` : value;
  return [
    {
      line_items: [
        line('Consulting', '10', price('99.90'), '19'),
        line('Licence', '1', price('480.00'), '19'),
      ],
    },
    {
      line_items: [
        line('Books', '3', price('24.95'), '7'),
        line('Shipping box', '2', price('3.49'), '19'),
        line('Workshop', '1', price('1250.00'), '19'),
        line('Journal', '12', price('8.10'), '7'),
        line('Support', '5', price('64.00'), '19'),
      ],
    },
    { line_items: [line('Export goods', '40', price('17.35'), '0', 'G')] },
    { line_items: [line('Project phase 2', '1', price('8400.00'), '19')], prepaid_amount: price('2000.00') },
  ];
};

interface Template {
  row: typeof documents.$inferSelect;
  decimals: number;
  due: number;
}
const templates: {
  code: string;
  decimals: number;
  weight: number;
  invoices: Template[];
  credit: Template;
}[] = [];
for (const currency of CURRENCIES) {
  const invoicesOf: Template[] = [];
  for (const layout of LAYOUTS(currency.decimals)) {
    const made = await makeDocument(server, account, parties, { currency: currency.code, ...layout }, [
      'finalize',
    ]);
    const row = await readDocumentRow(made.id);
    invoicesOf.push({
      row,
      decimals: currency.decimals,
      due: unitsOf(row.totals.amount_due ?? row.totals.total),
    });
  }
  const credit = await makeDocument(
    server,
    account,
    parties,
    {
      currency: currency.code,
      document_type: 'credit_note',
      source_document_id: invoicesOf[0]?.row.id,
      reason: 'Goods returned',
      due_date: undefined,
      line_items: [
        line(
          'Licence',
          '1',
          currency.decimals === 0 ? '480' : currency.decimals === 3 ? '480.000' : '480.00',
          '19',
        ),
      ],
    },
    ['finalize'],
  );
  const creditRow = await readDocumentRow(credit.id);
  templates.push({
    ...currency,
    invoices: invoicesOf,
    credit: {
      row: creditRow,
      decimals: currency.decimals,
      due: unitsOf(creditRow.totals.total),
    },
  });
}

async function readDocumentRow(id: string) {
  const { eq } = await import('drizzle-orm');
  const row = await server.db.select().from(documents).where(eq(documents.id, id)).get();
  if (!row) throw new Error(`${id} is not stored`);
  return row;
}
const weighted = () => {
  let n = random() * 100;
  for (const t of templates) {
    n -= t.weight;
    if (n < 0) return t;
  }
  return templates[0] as (typeof templates)[number];
};

// The templates were made through the API; they are removed from what counts (voided) so every counted
// document is one of the seeded ones, the same on every run.
await server.db
  .update(documents)
  .set({ voidedAt: `${TODAY}T00:00:00.000Z`, status: 'void' })
  .run();

const stamp = `${TODAY}T09:00:00.000Z`;
type PaymentInsert = typeof payments.$inferInsert;
const issued: { id: string; currency: string; customerId: string; issueDate: string }[] = [];
let paymentCount = 0;
let creditNotes = 0;
for (let start = 0; start < invoices; start += BATCH) {
  const rows: (typeof documents.$inferInsert)[] = [];
  const paymentRows: PaymentInsert[] = [];
  for (let i = start; i < Math.min(invoices, start + BATCH); i++) {
    const set = weighted();
    const issueDate = anyDay();
    const customerId = pick(customerIds);
    const id = newId('doc');
    const number = `B-${String(i).padStart(7, '0')}`;
    // One in twenty is a credit note: mostly of one of the customer's invoices, some of another currency's
    // invoice or of none the report counts (a credit of the customer).
    if (i % 20 === 19 && issued.length > 0) {
      const target = pick(issued);
      const source = random() < 0.9 ? target.id : null;
      const currency = random() < 0.9 ? (templates.find((t) => t.code === target.currency) ?? set) : set;
      rows.push({
        ...currency.credit.row,
        id,
        number,
        status: 'finalized',
        issueDate: [target.issueDate, issueDate].sort()[1] ?? issueDate,
        customerId: target.customerId,
        sourceDocumentId: source,
        voidedAt: null,
        createdAt: stamp,
        updatedAt: stamp,
      });
      creditNotes += 1;
      continue;
    }
    const template = pick(set.invoices);
    const due = pick([0, 14, 14, 30, 30, 30, 60]);
    const dueDate = random() < 0.08 ? null : plusDays(issueDate, due);
    const age = (LAST - Date.parse(`${issueDate}T00:00:00Z`)) / DAY;
    // Older invoices are mostly paid; some are paid in part, a few not at all; 2 % voided, 2 % drafts.
    const roll = random();
    let status: (typeof documents.$inferSelect)['status'] = 'sent';
    let paidUnits = 0;
    if (roll < 0.02) status = 'void';
    else if (roll < 0.04) status = 'draft';
    else if (roll < (age > 90 ? 0.85 : 0.45)) {
      status = random() < 0.2 ? 'archived' : 'paid';
      paidUnits = template.due;
    } else if (roll < 0.92) {
      status = random() < 0.3 ? 'finalized' : 'sent';
      if (random() < 0.3) paidUnits = Math.floor(template.due * random());
    }
    let left = paidUnits;
    for (let p = 0; left > 0; p++) {
      const amount = p === 0 && random() < 0.4 ? Math.max(1, Math.floor(left / 2)) : left;
      left -= amount;
      paymentRows.push({
        id: newId('pay'),
        accountId: account.id,
        documentId: id,
        customerId,
        amount: text(amount, set.decimals),
        currency: set.code,
        date: plusDays(issueDate, between(0, 70)),
        method: 'bank_transfer',
        reference: null,
        note: null,
        createdBy: null,
        createdAt: stamp,
      });
    }
    rows.push({
      ...template.row,
      id,
      number,
      status,
      issueDate,
      dueDate,
      customerId,
      voidedAt: status === 'void' ? stamp : null,
      amountPaid: text(paidUnits, set.decimals),
      createdAt: stamp,
      updatedAt: stamp,
    });
    if (status !== 'void' && status !== 'draft')
      issued.push({ id, currency: set.code, customerId, issueDate });
  }
  await server.db.insert(documents).values(rows).run();
  if (paymentRows.length > 0) await server.db.insert(payments).values(paymentRows).run();
  paymentCount += paymentRows.length;
}

// Received documents: one e-invoice received through the API, copied with other suppliers, amounts and
// dates; a tenth credit notes, some without an issue date (they count from the day they arrived).
const xml = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
const uploaded = await fetch(`${server.url}/api/v1/received-documents`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
  body: xml,
});
if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
const receivedId = ((await uploaded.json()) as { data: { id: string } }).data.id;
const { eq } = await import('drizzle-orm');
const receivedSource = await server.db
  .select()
  .from(receivedDocuments)
  .where(eq(receivedDocuments.id, receivedId))
  .get();
if (!receivedSource) throw new Error('the received document is not stored');
await server.db.update(receivedDocuments).set({ status: 'rejected' }).run();
const suppliers = Array.from({ length: SUPPLIERS }, (_, i) => ({
  name: `Lieferant ${String(i).padStart(3, '0')} AG`,
  taxId: i % 4 === 3 ? null : `DE${String(100_000_000 + i * 7919)}`,
}));
let receivedPaymentCount = 0;
for (let start = 0; start < invoices; start += BATCH) {
  const rows: (typeof receivedDocuments.$inferInsert)[] = [];
  const paymentRows: (typeof receivedPayments.$inferInsert)[] = [];
  for (let i = start; i < Math.min(invoices, start + BATCH); i++) {
    const supplier = pick(suppliers);
    const currency = random() < 0.85 ? 'EUR' : 'USD';
    const net = between(1_000, 900_000);
    const tax = Math.round(net * pick([0.19, 0.07, 0]));
    const total = net + tax;
    const credit = i % 10 === 9;
    const issueDate = random() < 0.05 ? null : anyDay();
    const arrived = issueDate ?? anyDay();
    const dueDate = credit || random() < 0.1 ? null : plusDays(arrived, pick([14, 30, 45]));
    const roll = random();
    const status = roll < 0.03 ? 'rejected' : roll < 0.6 ? 'paid' : roll < 0.8 ? 'approved' : 'received';
    const id = newId('rcv');
    const paid =
      status === 'paid' ? total : status === 'approved' && random() < 0.3 ? Math.floor(total / 3) : 0;
    if (paid > 0 && !credit) {
      paymentRows.push({
        id: newId('rpy'),
        accountId: account.id,
        receivedDocumentId: id,
        amount: text(paid, 2),
        currency,
        date: plusDays(arrived, between(0, 60)),
        method: 'bank_transfer',
        reference: null,
        note: null,
        createdBy: null,
        createdAt: stamp,
      });
    }
    rows.push({
      ...receivedSource,
      id,
      status,
      documentType: credit ? 'credit_note' : 'invoice',
      typeCode: credit ? '381' : '380',
      invoiceNumber: `R-${i}`,
      issueDate,
      dueDate,
      currency,
      sellerName: supplier.name,
      sellerTaxId: supplier.taxId,
      total: text(total, 2),
      amountDue: text(total, 2),
      amountPaid: text(paid, 2),
      totals: {
        ...receivedSource.totals,
        net_total: text(net, 2),
        tax_total: text(tax, 2),
        total: text(total, 2),
        amount_due: text(total, 2),
      },
      duplicateOf: null,
      sha256: createHash('sha256').update(id).digest('hex'),
      blobKey: `bench/${id}`,
      createdAt: `${arrived}T08:00:00.000Z`,
      updatedAt: stamp,
    });
  }
  await server.db.insert(receivedDocuments).values(rows).run();
  if (paymentRows.length > 0) await server.db.insert(receivedPayments).values(paymentRows).run();
  receivedPaymentCount += paymentRows.length;
}
// As autovacuum leaves a table after a bulk load: its statistics taken and its visibility map set (which
// lets PostgreSQL read the kept rows from their indexes alone).
if (engine === 'postgresql') await server.db.run((await import('drizzle-orm')).sql`VACUUM ANALYZE`);
const seedSeconds = (performance.now() - seedStart) / 1000;
// SAVE_DB=<file>: a copy of the seeded SQLite database, to look at the reports' statements with sqlite3.
if (process.env.SAVE_DB && engine === 'sqlite')
  await server.db.run((await import('drizzle-orm')).sql.raw(`VACUUM INTO '${process.env.SAVE_DB}'`));

/** CPU seconds of the database's processes (the cluster's postmaster and its backends), 0 on SQLite. */
function databaseCpu(): number {
  if (!cluster) return 0;
  const pidFile = findFile(cluster.dir, 'postmaster.pid');
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid === postmaster || Number(fields[1]) === postmaster)
        ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks / 100;
}

function findFile(dir: string, name: string): string {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return path;
    if (entry.isDirectory()) {
      try {
        return findFile(path, name);
      } catch {
        // not in this folder
      }
    }
  }
  throw new Error(`${name} not found under ${dir}`);
}

const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const inProcessRequest = (path: string) =>
  server.service.fetch(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } }),
  );

/** What a version's answer says, without ids (which differ from run to run). */
interface Answer {
  data: {
    currencies: unknown[];
    customers?: { customer: { id: string; name: string } }[];
    suppliers?: object[];
  };
}
function digest(body: Answer): string {
  const data = body.data;
  const customers = (data.customers ?? []).map(({ customer, ...figures }) => ({
    name: customer.name,
    ...figures,
  }));
  const parties = data.customers ? customers : (data.suppliers ?? []);
  const text = JSON.stringify({ currencies: data.currencies, parties });
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

const REPORTS: [string, string][] = [
  ['receivables', `/api/v1/reports/receivables?as_of=${TODAY}`],
  ['receivables, a year ago', `/api/v1/reports/receivables?as_of=${plusDays(TODAY, -365)}`],
  ['payables', `/api/v1/reports/payables?as_of=${TODAY}`],
  ['revenue, 23 months', '/api/v1/reports/revenue?from=2025-01-01&to=2026-11-30'],
  ['expenses, 23 months', '/api/v1/reports/expenses?from=2025-01-01&to=2026-11-30'],
];

console.log(
  `${engine}: ${invoices.toLocaleString('en')} issued documents (${creditNotes.toLocaleString('en')} credit notes, ${paymentCount.toLocaleString('en')} payments), ${invoices.toLocaleString('en')} received (${receivedPaymentCount.toLocaleString('en')} payments), ${CUSTOMERS} customers, ${SUPPLIERS} suppliers; seeded in ${seedSeconds.toFixed(1)} s; load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
);
for (const [label, path] of REPORTS) {
  const walls: number[] = [];
  const cpus: number[] = [];
  const dbCpus: number[] = [];
  let answer = '';
  let inProcess = false;
  for (let i = 0; i < runs + 2; i++) {
    const cpu = cpuSeconds();
    const db = databaseCpu();
    const start = performance.now();
    let res: Response;
    try {
      res = inProcess ? await inProcessRequest(path) : await server.request(path, { key });
    } catch (error) {
      // Bun.serve's idle timeout (10 s) ends a request that takes longer: such an answer is timed through
      // the same handler without the socket.
      if (inProcess) throw error;
      inProcess = true;
      i -= 1;
      continue;
    }
    const body = (await res.json()) as Answer;
    const wall = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    answer = digest(body);
    if (i < 2) continue; // the first ones warm the statements and caches
    walls.push(wall);
    cpus.push((cpuSeconds() - cpu) * 1000);
    dbCpus.push((databaseCpu() - db) * 1000);
  }
  const dbPart = cluster ? `, database CPU ${median(dbCpus).toFixed(0)} ms` : '';
  const how = inProcess ? ' (in-process: over 10 s, the socket was cut)' : '';
  console.log(
    `  ${label.padEnd(24)} median ${median(walls).toFixed(1)} ms (min ${Math.min(...walls).toFixed(1)}, max ${Math.max(...walls).toFixed(1)}), CPU ${median(cpus).toFixed(1)} ms${dbPart}; answer ${answer}${how}`,
  );
}
if (cluster && process.env.HOLD) {
  const [row] = await server.db.all<[string]>((await import('drizzle-orm')).sql`SELECT current_database()`);
  console.log(`holding ${process.env.HOLD} s: ${cluster.url.replace(/\/[^/]*$/, '')}/${row?.[0]}`);
  await Bun.sleep(Number(process.env.HOLD) * 1000);
}
await server.stop();
await cluster?.stop();
process.exit(0);
