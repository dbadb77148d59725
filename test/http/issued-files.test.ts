// Issue 39 §1, "Issued is issued" (GoBD, § 14 UStG, § 147 AO; docs/renders.md): a finalized invoice's PDF and
// e-invoice XML are kept byte for byte from their first use, with their SHA-256, and every later download,
// send, archive and audit export gives those bytes, after a change of the default branding too. A render in
// another template is a copy, marked so; the original never changes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanInvoiceBody, germanLine } from '../german-firm';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';
import { readZip } from '../zip';

let smtp: TestSmtp;
let server: TestServer;
let account: TestAccount;
let profileId: string;
let authorityId: string;
const clock = new FakeClock(new Date('2026-12-01T09:00:00.000Z'));
const PERIOD = 'from=2026-11-01&to=2026-11-30';

beforeAll(async () => {
  smtp = await TestSmtp.start();
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'rechnung@nordlicht.example' }),
    startJobs: false,
  });
  account = await makeAccount(server);
  profileId = (await makeBusinessProfile(server, account, GERMAN_SELLER)).id;
  authorityId = (await makeCustomer(server, account, AUTHORITY)).id;
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const same = (a: Uint8Array | undefined, b: Uint8Array) => !!a && Buffer.from(a).equals(Buffer.from(b));

async function call(method: string, path: string, body?: unknown) {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function bytesOf(path: string): Promise<Uint8Array> {
  const res = await server.request(path, { key: account.apiKey });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** A finalized invoice to the authority (XRechnung UBL, unless another customer), issued in November. */
async function finalizedInvoice(number: string, customerId = authorityId) {
  const doc = await call(
    'POST',
    '/api/v1/documents',
    germanInvoiceBody(profileId, customerId, number, [germanLine()]),
  );
  return await call('POST', `/api/v1/documents/${doc.id}/finalize`);
}

/** A stored render of the document, and its PDF as its download answers it. */
async function render(documentId: string, body: Record<string, unknown> = {}) {
  const row = await call('POST', `/api/v1/documents/${documentId}/renders`, body);
  return { row, bytes: await bytesOf(`/api/v1/renders/${row.id}/download`) };
}

const issuedFiles = async (documentId: string) =>
  (await call('GET', `/api/v1/documents/${documentId}/issued-files`)) as {
    kind: string;
    profile: string | null;
    sha256: string;
    size_bytes: number;
    first_use: string;
    template_id: string | null;
  }[];

const rendersUsed = async () => (await call('GET', '/api/v1/usage')).renders.used as number;

/** The default branding changed: new colour, header and footer (what a fresh draw would print). */
async function changeDefaultBranding(footer: string) {
  const [branding] = await call('GET', '/api/v1/branding-profiles');
  await call('PATCH', `/api/v1/branding-profiles/${branding.id}`, {
    primary_color: '#B91C1C',
    header_text: 'Neuer Briefkopf',
    footer_text: footer,
  });
}

async function sendAndReceive(documentId: string, body: Record<string, unknown> = {}) {
  const before = smtp.messages.length;
  const delivery = await call('POST', `/api/v1/documents/${documentId}/send`, {
    to: ['eingang@bundesamt.example'],
    ...body,
  });
  await server.jobs.runDue();
  expect((await call('GET', `/api/v1/deliveries/${delivery.id}`)).status).toBe('sent');
  const mail = smtp.messages[before];
  if (!mail) throw new Error('no mail received');
  const attachment = (ext: string) =>
    mail.parsed.attachments.find((a: { filename?: string }) => a.filename?.endsWith(ext))?.content;
  return {
    delivery,
    pdf: attachment('.pdf') as Uint8Array | undefined,
    xml: attachment('.xml') as Uint8Array | undefined,
  };
}

describe('issued is issued', () => {
  test('after a branding change, download, resend, archive and audit export give the first PDF and XML, with the SHA-256 recorded', async () => {
    const doc = await finalizedInvoice('RE-2026-0901');
    const usedBefore = await rendersUsed();
    const first = await render(doc.id);
    expect(first.row.copy).toBe(false);
    const xml = await server.request(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`, {
      key: account.apiKey,
    });
    expect(xml.status).toBe(200);
    const firstXml = new Uint8Array(await xml.arrayBuffer());
    expect(xml.headers.get('x-issued-sha256')).toBe(sha256(firstXml));

    const kept = await issuedFiles(doc.id);
    expect(kept).toEqual([
      expect.objectContaining({
        kind: 'pdf',
        profile: null,
        sha256: sha256(first.bytes),
        size_bytes: first.bytes.byteLength,
        first_use: 'render',
        template_id: 'tpl_modern',
      }),
      expect.objectContaining({
        kind: 'xml',
        profile: 'xrechnung_ubl',
        sha256: sha256(firstXml),
        size_bytes: firstXml.byteLength,
        first_use: 'download',
        template_id: null,
      }),
    ]);

    await changeDefaultBranding('Neue Fußzeile 0901');
    // A fresh draw now differs (a copy shows it): the new footer, and its own CreationDate and /ID.
    const copy = await render(doc.id, { template_id: 'tpl_modern', page_size: 'LETTER' });
    expect(copy.row.copy).toBe(true);
    expect((await inspectPdf(copy.bytes)).text).toContain('Neue Fußzeile 0901');
    expect((await inspectPdf(first.bytes)).text).not.toContain('Neue Fußzeile 0901');

    // Rendered again (and a week on, its first render swept): the kept bytes, not drawn, not counted.
    clock.advance(8 * 24 * 3600 * 1000);
    const { sweepExpiredRenders } = await import('../../src/modules/renders/use-cases/sweep-expired-renders');
    expect(await sweepExpiredRenders(server.deps)).toBeGreaterThanOrEqual(2);
    const again = await render(doc.id);
    expect(again.row.copy).toBe(false);
    expect(again.row.id).not.toBe(first.row.id);
    expect(same(again.bytes, first.bytes)).toBe(true);
    expect(await rendersUsed()).toBe(usedBefore + 2); // the first render and the copy; serving is free
    expect(same(await bytesOf(`/api/v1/documents/${doc.id}/xml?profile=xrechnung_ubl`), firstXml)).toBe(true);

    // Sent (again, as often as wanted): the e-mail attaches the kept PDF and XML.
    const sent = await sendAndReceive(doc.id);
    expect(same(sent.pdf, first.bytes)).toBe(true);
    expect(same(sent.xml, firstXml)).toBe(true);
    // Its renders swept once more, a retry-like resend links the original through a new render of it.
    clock.advance(8 * 24 * 3600 * 1000);
    await sweepExpiredRenders(server.deps);
    const resent = await sendAndReceive(doc.id);
    expect(resent.delivery.render_id).not.toBe(sent.delivery.render_id);
    expect(same(resent.pdf, first.bytes)).toBe(true);
    expect(same(resent.xml, firstXml)).toBe(true);

    // The archive holds the same files, and its index the recorded SHA-256.
    const archive = readZip(await bytesOf(`/api/v1/exports/archive.zip?${PERIOD}`));
    const entry = (name: string) => archive.find((e) => e.name === name)?.bytes;
    expect(same(entry('issued/RE-2026-0901.pdf'), first.bytes)).toBe(true);
    expect(same(entry('issued/RE-2026-0901.xml'), firstXml)).toBe(true);
    const index = parse(new TextDecoder().decode(entry('index.csv')), { columns: true }) as Record<
      string,
      string
    >[];
    const indexed = index.filter((r) => r.number === 'RE-2026-0901');
    expect(indexed.map((r) => [r.file, r.sha256])).toEqual([
      ['issued/RE-2026-0901.pdf', sha256(first.bytes)],
      ['issued/RE-2026-0901.xml', sha256(firstXml)],
    ]);

    // The tax audit export's originals too.
    const audit = readZip(await bytesOf(`/api/v1/exports/audit.zip?${PERIOD}`));
    const original = (name: string) => audit.find((e) => e.name === name)?.bytes;
    expect(same(original('issued/RE-2026-0901.pdf'), first.bytes)).toBe(true);
    expect(same(original('issued/RE-2026-0901.xml'), firstXml)).toBe(true);

    // Nothing was added or changed: the two originals of their first use.
    expect(await issuedFiles(doc.id)).toEqual(kept);
  }, 60_000);

  test('a render in another template is a copy, marked "Kopie / Copy"; the original stays, and sends carry it', async () => {
    const doc = await finalizedInvoice('RE-2026-0902');
    const first = await render(doc.id, { template_id: 'tpl_classic' });
    expect(first.row).toMatchObject({ copy: false, template_id: 'tpl_classic' });
    const firstText = (await inspectPdf(first.bytes)).text;
    expect(firstText).not.toContain('Kopie');

    const usedBefore = await rendersUsed();
    const copy = await render(doc.id, { template_id: 'tpl_bold' });
    expect(copy.row).toMatchObject({ copy: true, template_id: 'tpl_bold' });
    expect(await rendersUsed()).toBe(usedBefore + 1); // a copy is drawn: a render like any other
    expect((await inspectPdf(copy.bytes)).text).toContain('Kopie / Copy');
    expect((await call('GET', `/api/v1/renders/${copy.row.id}`)).copy).toBe(true);
    expect(sha256(copy.bytes)).not.toBe(sha256(first.bytes));

    // Naming no template, or the original's: the original, in its template, not counted.
    const plain = await render(doc.id);
    expect(plain.row).toMatchObject({ copy: false, template_id: 'tpl_classic' });
    expect(same(plain.bytes, first.bytes)).toBe(true);
    const named = await render(doc.id, { template_id: 'tpl_classic', page_size: 'A4' });
    expect(same(named.bytes, first.bytes)).toBe(true);
    expect(await rendersUsed()).toBe(usedBefore + 1);

    // The newest render is a copy: a send still carries the original.
    const latestCopy = await render(doc.id, { template_id: 'tpl_minimal' });
    expect(latestCopy.row.copy).toBe(true);
    const sent = await sendAndReceive(doc.id);
    expect(sent.delivery.render_id).not.toBe(latestCopy.row.id);
    expect(same(sent.pdf, first.bytes)).toBe(true);

    const [pdf] = await issuedFiles(doc.id);
    expect(pdf).toMatchObject({ kind: 'pdf', sha256: sha256(first.bytes), template_id: 'tpl_classic' });
  }, 60_000);

  test('an archive made first keeps what it drew: the next archive and a render give the same bytes', async () => {
    const doc = await finalizedInvoice('RE-2026-0903');
    const name = 'issued/RE-2026-0903.pdf';
    const archived = readZip(await bytesOf(`/api/v1/exports/archive.zip?${PERIOD}`)).find(
      (e) => e.name === name,
    );
    if (!archived) throw new Error('not archived');
    expect((await issuedFiles(doc.id)).map((f) => [f.kind, f.first_use])).toEqual([
      ['pdf', 'archive'],
      ['xml', 'archive'],
    ]);
    await changeDefaultBranding('Neue Fußzeile 0903');
    const again = readZip(await bytesOf(`/api/v1/exports/archive.zip?${PERIOD}`)).find(
      (e) => e.name === name,
    );
    expect(same(again?.bytes, archived.bytes)).toBe(true);
    expect(same((await render(doc.id)).bytes, archived.bytes)).toBe(true);
  }, 60_000);

  test('a Factur-X buyer: its Factur-X PDF is kept beside the plain one, and sends and the archive carry it', async () => {
    const customer = await makeCustomer(server, account, {
      ...AUTHORITY,
      einvoice_profile: 'factur_x_en16931',
    });
    const doc = await finalizedInvoice('RE-2026-0905', customer.id);
    const plain = await render(doc.id);
    // The send draws the Factur-X PDF (the e-invoice this buyer gets), kept from then on as that form's original.
    const sent = await sendAndReceive(doc.id, { attach_pdf: false });
    if (!sent.pdf) throw new Error('no PDF attached');
    expect(Buffer.from(sent.pdf).toString('latin1')).toContain('factur-x.xml');
    const files = await issuedFiles(doc.id);
    expect(files.map((f) => [f.kind, f.profile, f.sha256])).toEqual([
      ['pdf', null, sha256(plain.bytes)],
      ['pdf', 'factur_x_en16931', sha256(sent.pdf)],
    ]);

    await changeDefaultBranding('Neue Fußzeile 0905');
    clock.advance(8 * 24 * 3600 * 1000);
    const { sweepExpiredRenders } = await import('../../src/modules/renders/use-cases/sweep-expired-renders');
    await sweepExpiredRenders(server.deps);
    const usedBefore = await rendersUsed();
    const again = await sendAndReceive(doc.id, { attach_pdf: false });
    expect(same(again.pdf, sent.pdf)).toBe(true);
    expect(await rendersUsed()).toBe(usedBefore); // served as kept, not drawn
    const facturx = await render(doc.id, { format: 'facturx_pdf' });
    expect(same(facturx.bytes, sent.pdf)).toBe(true);
    expect(facturx.row.compliance?.profile).toBe('factur_x_en16931');

    const archive = readZip(await bytesOf(`/api/v1/exports/archive.zip?${PERIOD}`));
    expect(same(archive.find((e) => e.name === 'issued/RE-2026-0905.pdf')?.bytes, sent.pdf)).toBe(true);
  }, 60_000);

  test('a draft is never kept; another account reads no issued files', async () => {
    const draft = await call(
      'POST',
      '/api/v1/documents',
      germanInvoiceBody(profileId, authorityId, 'RE-2026-0904', [germanLine()]),
    );
    await bytesOf(`/api/v1/documents/${draft.id}/xml?profile=xrechnung_ubl`);
    expect(await issuedFiles(draft.id)).toEqual([]);
    const other = await makeAccount(server);
    const theirs = await server.json(`/api/v1/documents/${draft.id}/issued-files`, { key: other.apiKey });
    expect(theirs.status).toBe(404);
  });
});
