// Hostile input on the receiving path (issue 25, section 1): each reproduction of the review, through the
// real server. No test bounds time: each asserts the mechanism (a cap hit and named, an attachment never
// decoded, a read seen running in a worker while /health answered, a check refused at the account's cap).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PDF_LIMITS } from '../../src/einvoicing/pdf-invoice-xml';
import { ReceivePool } from '../../src/workers/receive-pool';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { deflated, hybridPdf, manyObjectsPdf, objectStreamBombPdf, wideTreePdf } from '../raw-pdf';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const EXAMPLES = join(OFFICIAL_RULESETS, 'examples');
const CII = readFileSync(join(EXAMPLES, 'factur_x_en16931/EN16931_Einfach.factur-x.xml'));
const CII_NUMBER = '471102';
const UBL = readFileSync(join(EXAMPLES, 'xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

type Way = 'parse' | 'received' | 'received-base64';
const WAYS: Way[] = ['parse', 'received', 'received-base64'];

/** Sends a file the way a client would: to parse, or into the inbox as raw bytes or as `pdf_base64`. */
async function send(way: Way, body: Uint8Array | string, type = 'application/pdf', key = account.apiKey) {
  const path = way === 'parse' ? '/api/v1/einvoices/parse' : '/api/v1/received-documents';
  const json = way === 'received-base64';
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': json ? 'application/json' : type },
    body: json ? JSON.stringify({ pdf_base64: Buffer.from(body).toString('base64') }) : body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const numberOf = (answer: { body: any }) =>
  answer.body.data.data?.invoice_number ?? answer.body.data.invoice_number;

describe('the PDF reader is bounded', () => {
  test('an attachment tree listing the same child 16 times over 10 levels is walked once per node', async () => {
    // 16^10 paths: the reader before the visited set never finished this 6 KB file.
    const pdf = hybridPdf([deflated('factur-x.xml', CII)], { depth: 10, fanOut: 16 });
    expect(pdf.byteLength).toBeLessThan(8192);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBeLessThan(300);
      expect(numberOf(answer)).toBe(CII_NUMBER);
    }
    const visualized = await fetch(`${server.url}/api/v1/einvoices/visualize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(visualized.status).toBe(200);
  });

  test('a tree of more nodes than the cap is a 422 naming the cap', async () => {
    const pdf = wideTreePdf(DEFAULT_PDF_LIMITS.maxTreeNodes + 1);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toBe(
        `The PDF's attachment tree has more than ${DEFAULT_PDF_LIMITS.maxTreeNodes} nodes`,
      );
      expect(answer.body.error.details.max_tree_nodes).toBe(DEFAULT_PDF_LIMITS.maxTreeNodes);
    }
  });

  test('only the invoice attachment is inflated: a deflate bomb and a broken stream beside it are never decoded', async () => {
    // 64 MiB of zeros deflate to 64 KB; the broken stream would fail the moment anything decoded it.
    const bomb = deflated('bomb.bin', new Uint8Array(64 * 1024 * 1024));
    const broken = {
      name: 'broken.bin',
      stored: new Uint8Array([0xff, 0xff, 0xff, 0xff]),
      filter: 'FlateDecode' as const,
    };
    const pdf = hybridPdf([bomb, broken, deflated('factur-x.xml', CII)]);
    expect(pdf.byteLength).toBeLessThan(200 * 1024);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBeLessThan(300);
      expect(numberOf(answer)).toBe(CII_NUMBER);
    }
  });

  test('an invoice attachment that inflates past the XML limit stops at the limit: 413 naming it', async () => {
    const pdf = hybridPdf([deflated('factur-x.xml', new Uint8Array(64 * 1024 * 1024))]);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBe(413);
      expect(answer.body.error.message).toBe(
        `The PDF's invoice attachment inflates to more than ${DEFAULT_PDF_LIMITS.maxXmlBytes} bytes`,
      );
      expect(answer.body.error.details.max_bytes).toBe(DEFAULT_PDF_LIMITS.maxXmlBytes);
    }
  });

  test('the invoice names are matched whatever their case (ZUGFeRD 1.0 writes ZUGFeRD-invoice.xml)', async () => {
    for (const name of ['ZUGFeRD-invoice.xml', 'Factur-X.XML', 'XRechnung.xml']) {
      const answer = await send('parse', hybridPdf([deflated(name, CII)]));
      expect(answer.status).toBe(200);
      expect(answer.body.data.data.invoice_number).toBe(CII_NUMBER);
    }
  });

  test('a PDF of more objects than the cap is a 422 naming the cap, counted while parsing', async () => {
    const pdf = manyObjectsPdf(DEFAULT_PDF_LIMITS.maxObjects + 10);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toBe(
        `The PDF has more than ${DEFAULT_PDF_LIMITS.maxObjects} objects`,
      );
      expect(answer.body.error.details.max_objects).toBe(DEFAULT_PDF_LIMITS.maxObjects);
    }
  });
});

describe('the PDF parser is bounded too', () => {
  test('an object stream that inflates past the budget stops there: 413 naming it', async () => {
    const pdf = objectStreamBombPdf(DEFAULT_PDF_LIMITS.maxStructureBytes + 1024 * 1024);
    expect(pdf.byteLength).toBeLessThan(100 * 1024);
    const answer = await send('parse', pdf);
    expect(answer.status).toBe(413);
    expect(answer.body.error.details.max_structure_bytes).toBe(DEFAULT_PDF_LIMITS.maxStructureBytes);
  });

  test('an object stream within the budget is read as before', async () => {
    const answer = await send('parse', objectStreamBombPdf(1024));
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toContain('no embedded e-invoice');
  });
});

describe('files are never a 500', () => {
  test('half a UBL invoice is a 422 saying it is not well-formed, and nothing is kept', async () => {
    const half = UBL.slice(0, Math.floor(UBL.length / 2));
    for (const way of ['parse', 'received'] as const) {
      const answer = await send(way, half, 'application/xml');
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toMatch(/not well-formed/);
    }
    const kept = await server.json('/api/v1/received-documents', { key: account.apiKey });
    expect(kept.body.data.some((d: { invoice_number: string }) => d.invoice_number === '123456XX')).toBe(
      false,
    );
  });

  test('values and lists the data cannot hold are left out and named; the rest is data the API takes back', async () => {
    const code = (i: number, list: string) =>
      `<cac:CommodityClassification><cbc:ItemClassificationCode listID="${list}">${i}</cbc:ItemClassificationCode></cac:CommodityClassification>`;
    const many = Array.from({ length: 14 }, (_, i) => code(i, i < 2 ? 'UNSPSC' : 'STI')).join('');
    const odd = UBL.replace('<cac:CommodityClassification>', `${many}<cac:CommodityClassification>`).replace(
      '<cbc:IssueDate>2016-04-04</cbc:IssueDate>',
      '<cbc:IssueDate>2016-02-30</cbc:IssueDate>',
    );
    expect(odd).toContain('2016-02-30');
    for (const way of ['parse', 'received'] as const) {
      const answer = await send(way, odd, 'application/xml');
      expect(answer.status).toBeLessThan(300);
    }
    const read = (await send('parse', odd, 'application/xml')).body.data;
    expect(read.data.issue_date).toBeUndefined();
    expect(read.data.line_items[0].classifications).toHaveLength(10);
    const named = read.warnings.map((w: { term: string; path: string }) => `${w.term} ${w.path}`);
    expect(named).toContain('BT-158 line_items[0].classifications');
    expect(named).toContain('BT-158 line_items[0].classifications[0].scheme_id');
    expect(named).toContain('BT-2 issue_date');
    const written = await server.request('/api/v1/documents/xml', {
      method: 'POST',
      key: account.apiKey,
      body: {
        profile: 'xrechnung_ubl',
        document_type: 'invoice',
        data: { ...read.data, issue_date: '2016-04-04' },
      },
    });
    expect(written.status).toBe(200);
  });

  test('an embedded XML declaring encoding="UTF-8_W/O_BOM" whose bytes are UTF-8 is read', async () => {
    const text = CII.toString('utf8').replace(
      /^<\?xml[^>]*\?>/,
      '<?xml version="1.0" encoding="UTF-8_W/O_BOM"?>',
    );
    expect(text).toContain('UTF-8_W/O_BOM');
    const pdf = hybridPdf([deflated('factur-x.xml', new TextEncoder().encode(text))]);
    for (const way of WAYS) {
      const answer = await send(way, pdf);
      expect(answer.status).toBeLessThan(300);
      expect(numberOf(answer)).toBe(CII_NUMBER);
    }
    const xml = await send('parse', text, 'application/xml');
    expect(xml.status).toBe(200);
  });

  test('an embedded XML that is not UTF-8 and names no known encoding is a 422 saying so', async () => {
    const latin1 = Buffer.from(
      CII.toString('utf8')
        .replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-8_W/O_BOM"?>')
        .replace('<ram:Name>', '<ram:Name>Müller '),
      'latin1',
    );
    const answer = await send('parse', hybridPdf([deflated('factur-x.xml', new Uint8Array(latin1))]));
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toContain('not UTF-8');
  });
});

/** A UBL invoice of 200,000 notes: 4.4 MB, inside every limit, naming no profile (no rules run). */
function manyNotes(): string {
  const notes = '<cbc:Note>n</cbc:Note>'.repeat(200_000);
  return UBL.replace(
    /<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/,
    '<cbc:CustomizationID>urn:example:none</cbc:CustomizationID>',
  ).replace(/(<cbc:IssueDate>)/, `${notes}$1`);
}

describe('reading runs in the receive workers', () => {
  test('while a 200,000-note invoice is read in a worker, /health answers 200', async () => {
    const pool = server.deps.receivePool;
    expect(pool).toBeInstanceOf(ReceivePool);
    let settled = false;
    const hostile = send('parse', manyNotes(), 'application/xml').finally(() => {
      settled = true;
    });
    // Wait for the read to be in a worker: the pool says so.
    while ((pool?.running ?? 0) === 0 && !settled) await Bun.sleep(2);
    expect(settled).toBe(false);
    const health = await fetch(`${server.url}/health`);
    // /health answered while the read was still running in the worker: the event loop was free.
    const stillReading = (pool?.running ?? 0) > 0 && !settled;
    expect(health.status).toBe(200);
    expect(stillReading).toBe(true);
    const answer = await hostile;
    expect(answer.status).toBeLessThan(500);
  });
});

describe("every path that runs the official rules holds a place of the account's cap", () => {
  let gated: TestServer;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(async () => {
    gated = await startServer({ complianceChecksPerAccount: 1 });
    a = await makeAccount(gated);
    b = await makeAccount(gated);
  });
  afterAll(() => gated.stop());

  const post = async (path: string, key: string, body: string) => {
    const res = await fetch(`${gated.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml' },
      body,
    });
    const json: any = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
    return { status: res.status, body: json };
  };

  test('with its one place taken, an account gets 429 from parse, visualize and received-documents; another account does not', async () => {
    let release = () => {};
    // A check of account A in flight: it holds A's one place until released.
    const holding = gated.deps.complianceGate.hold(
      a.id,
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    expect(gated.deps.complianceGate.runningFor(a.id)).toBe(1);
    try {
      for (const path of [
        '/api/v1/einvoices/parse',
        '/api/v1/einvoices/visualize',
        '/api/v1/received-documents',
      ]) {
        const refused = await post(path, a.apiKey, UBL);
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe('rate_limited');
        expect(refused.body.error.details.concurrent_checks).toBe(1);
      }
      const other = await post('/api/v1/einvoices/parse', b.apiKey, UBL);
      expect(other.status).toBe(200);
      expect(other.body.data.compliance.profile).toBe('xrechnung_ubl');
    } finally {
      release();
      await holding;
    }
    const after = await post('/api/v1/received-documents', a.apiKey, UBL);
    expect(after.status).toBe(201);
  });
});
