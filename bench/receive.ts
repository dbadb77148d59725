// Reading received e-invoices.
// 1. parseEInvoice (checks, DOM, mapping) in-process, warm: three official examples and a 20-line invoice
//    the service itself wrote with POST /documents/xml (XRechnung UBL and CII).
// 2. Over HTTP against the running service: POST /einvoices/parse of that 20-line invoice (the reading plus
//    the official rules' verdict on it, tier 2), and POST /einvoices/visualize of it against
//    POST /documents/render of the same document data (a stateless render of the same 20 lines); each
//    for a file not seen before (the rules run) and for the same file again (its verdict is kept).
// Usage: bun bench/receive.ts [dist/invoice-service | src/main.ts] [runs]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEInvoice } from '../src/einvoicing/receive';
import { rulesCompiled, startService } from './service';

const target = process.argv[2] ?? 'src/main.ts';
const command = target.endsWith('.ts') ? [process.execPath, resolve(target)] : [resolve(target)];
const runs = Number(process.argv[3] ?? 200);
const rulesetsDir = resolve(process.env.RULESETS_DIR ?? join(import.meta.dir, '../../shared/rulesets'));

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;

/** Median and p95 of `work` after `warm` untimed runs. */
async function measure(work: () => unknown, count: number, warm = 20): Promise<string> {
  for (let i = 0; i < warm; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${ms(at(times, 0.5))}, p95 ${ms(at(times, 0.95))}`;
}

const lines = Array.from({ length: 20 }, (_, i) => ({
  name: `Service line ${i + 1}`,
  quantity: String((i % 5) + 1),
  unit_code: 'HUR',
  unit_price: `${(i * 7.5 + 19.99).toFixed(2)}`,
  taxes: [{ name: 'VAT', rate: '19', category: 'S' }],
}));
const party = (name: string, line1: string, city: string, postal: string, vat: string, email: string) => ({
  name,
  tax_id: vat,
  email,
  phone: '+49 30 1234567',
  address: { line1, city, postal_code: postal, country: 'DE' },
  electronic_address: { scheme: 'EM', value: email },
});
const data = {
  invoice_number: 'BENCH-RCV-0001',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'EUR',
  tax_scheme: 'VAT',
  buyer_reference: '04011000-12345-03',
  delivery_date: '2026-10-30',
  seller: party(
    'Lindqvist & Partner Design',
    'Torstraße 112',
    'Berlin',
    '10119',
    'DE123456789',
    'billing@lindqvist.example',
  ),
  buyer: party(
    'Harbour & Finch GmbH',
    'Hafenstraße 4',
    'Hamburg',
    '20457',
    'DE987654321',
    'ap@harbour.example',
  ),
  payment: {
    bank_account: { account_number: 'DE02120300000000202051', account_name: 'Lindqvist & Partner' },
  },
  line_items: lines,
};

const service = await startService(command, { RULESETS_DIR: rulesetsDir });
try {
  console.log(`rules compiled in ${(await rulesCompiled(service, rulesetsDir)).toFixed(0)} s\n`);
  const post = (path: string, body: string, type = 'application/json') =>
    fetch(`${service.base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': type },
      body,
    });
  const written: Record<string, string> = {};
  for (const profile of ['xrechnung_ubl', 'xrechnung_cii']) {
    const res = await post(
      '/api/v1/documents/xml',
      JSON.stringify({ profile, document_type: 'invoice', data }),
    );
    if (!res.ok) throw new Error(`${profile}: ${res.status} ${await res.text()}`);
    written[profile] = await res.text();
  }

  console.log(`parseEInvoice in-process, warm, ${runs * 2} runs each:`);
  const examples = resolve(rulesetsDir, 'examples');
  const files: [string, string][] = [
    ...[
      'xrechnung_ubl/01.01a-INVOICE_ubl.xml',
      'xrechnung_cii/01.01a-INVOICE_uncefact.xml',
      'peppol_bis_billing_3/base-example.xml',
    ].map((f): [string, string] => [f, readFileSync(join(examples, f), 'utf8')]),
    ...Object.entries(written).map(([p, xml]): [string, string] => [`20 lines written as ${p}`, xml]),
  ];
  for (const [name, xml] of files) {
    const result = await measure(() => parseEInvoice(xml), runs * 2, 50);
    console.log(`  ${name.padEnd(44)} ${(xml.length / 1024).toFixed(1).padStart(5)} KiB  ${result}`);
  }

  console.log(`\nover HTTP (${runs} requests each, sequential, after 20 untimed):`);
  const unchecked = (written.xrechnung_ubl ?? '').replace(
    /<cbc:CustomizationID>[^<]*</,
    '<cbc:CustomizationID>urn:cen.eu:en16931:2017<',
  );
  const parseCases: [string, string, boolean][] = [
    ...Object.entries(written).map(([p, xml]): [string, string, boolean] => [p, xml, true]),
    // Plain EN 16931 BT-24 names no service profile: the reading alone, no official rules run.
    ['UBL, no profile (unchecked)', unchecked, false],
  ];
  // A file the service has not seen (a comment makes each text new, so the official rules run every time),
  // and the same file again (the verdict on that exact text is kept: verdicts.ts).
  let seen = 0;
  const fresh = (xml: string) => `${xml}\n<!-- ${++seen} -->`;
  for (const [name, xml, checked] of parseCases) {
    const parse = async () => {
      const res = await post('/api/v1/einvoices/parse', fresh(xml), 'application/xml');
      const body = (await res.json()) as { data?: { compliance?: { valid: boolean } | null } };
      const verdict = body.data?.compliance;
      if (!res.ok || (checked ? verdict?.valid !== true : verdict !== null))
        throw new Error(`parse: ${res.status} ${JSON.stringify(body).slice(-1500)}`);
    };
    console.log(`  POST /einvoices/parse, 20 lines ${name.padEnd(28)} ${await measure(parse, runs)}`);
  }
  const again = async () => {
    const res = await post('/api/v1/einvoices/parse', written.xrechnung_ubl ?? '', 'application/xml');
    if (!res.ok) throw new Error(`parse: ${res.status}`);
    await res.arrayBuffer();
  };
  console.log(
    `  POST /einvoices/parse, 20 lines, the same file again (verdict kept) ${await measure(again, runs)}`,
  );
  const pdf = (path: string, body: string, type?: string) => async () => {
    const res = await post(path, body, type);
    const bytes = await res.arrayBuffer();
    if (!res.ok || bytes.byteLength < 1000) throw new Error(`${path}: ${res.status}`);
  };
  const renderBody = JSON.stringify({
    document_type: 'invoice',
    data,
    output: { delivery: 'binary', page_size: 'A4' },
  });
  const firstSight = async () =>
    pdf('/api/v1/einvoices/visualize', fresh(written.xrechnung_ubl ?? ''), 'application/xml')();
  const cases: [string, () => Promise<void>][] = [
    ['POST /einvoices/visualize (20 lines, UBL, not seen before)', firstSight],
    [
      'POST /einvoices/visualize (20 lines, UBL, verdict kept)',
      pdf('/api/v1/einvoices/visualize', written.xrechnung_ubl ?? '', 'application/xml'),
    ],
    ['POST /documents/render (the same data)', pdf('/api/v1/documents/render', renderBody)],
  ];
  for (const [name, work] of cases) console.log(`  ${name.padEnd(60)} ${await measure(work, runs)}`);
} finally {
  service.stop();
}
process.exit(0);
