// EN 16931 BG-24: supporting documents, an uploaded file embedded in UBL and CII (and attached to a
// Factur-X PDF beside factur-x.xml), or a URL. Checked through the official rules for every profile.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentData } from '../../src/modules/documents/model';
import { baseData, creditNoteExtras, einvoiceClient, isCii, PROFILES } from '../en16931-http';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let client: ReturnType<typeof einvoiceClient>;
let timesheetId: string;
let csvId: string;
let zipId: string;

// A tiny but real PDF and a CSV, as a customer would attach a timesheet and a usage report.
const PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;
const CSV = 'date,hours\n2026-10-01,8\n2026-10-02,6.5\n';

async function upload(bytes: Uint8Array | string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status).toBe(200);
  return body.data.id;
}

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  client = einvoiceClient(server, account);
  timesheetId = await upload(PDF, 'timesheet.pdf');
  csvId = await upload(CSV, 'usage.csv');
  zipId = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), 'archive.zip');
});
afterAll(() => server.stop());

const withDocuments = (over: Partial<DocumentData> = {}): DocumentData => ({
  ...baseData(),
  supporting_documents: [
    { id: 'TS-2026-10', description: 'Timesheet October', file_id: timesheetId },
    { id: 'USAGE-10', description: 'Usage report', file_id: csvId },
    { id: 'SPEC-7', description: 'Specification', url: 'https://example.com/spec-7.pdf' },
  ],
  ...over,
});

describe('supporting documents (BG-24)', () => {
  test.each(PROFILES)('%s: files embedded as base64, the URL as a reference; valid', async (profile) => {
    for (const documentType of ['invoice', 'credit_note']) {
      const data = withDocuments(documentType === 'credit_note' ? creditNoteExtras : {});
      const xml = await client.xmlOf(profile, documentType, data);
      const pdf64 = Buffer.from(PDF).toString('base64');
      const csv64 = Buffer.from(CSV).toString('base64');
      if (isCii(profile)) {
        expect(xml).toContain(
          `<ram:AttachmentBinaryObject mimeCode="application/pdf" filename="timesheet.pdf">${pdf64}</ram:AttachmentBinaryObject>`,
        );
        expect(xml).toContain(`mimeCode="text/csv" filename="usage.csv">${csv64}<`);
        expect(xml).toMatch(
          /<ram:IssuerAssignedID>SPEC-7<\/ram:IssuerAssignedID>\s*<ram:URIID>https:\/\/example.com\/spec-7.pdf<\/ram:URIID>\s*<ram:TypeCode>916</,
        );
      } else {
        expect(xml).toContain(
          `<cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="timesheet.pdf">${pdf64}</cbc:EmbeddedDocumentBinaryObject>`,
        );
        expect(xml).toMatch(
          /<cbc:ID>SPEC-7<\/cbc:ID>\s*<cbc:DocumentDescription>Specification<\/cbc:DocumentDescription>\s*<cac:Attachment>\s*<cac:ExternalReference>\s*<cbc:URI>https:\/\/example.com\/spec-7.pdf</,
        );
      }
      expect({ documentType, fatal: await client.fatalFindings(profile, documentType, data) }).toEqual({
        documentType,
        fatal: [],
      });
    }
  });

  test('a Factur-X PDF carries the files beside factur-x.xml, and the PDF lists the documents', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: withDocuments(), output: { format: 'facturx_pdf', delivery: 'binary' } },
    });
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'inv-bg24-'));
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const list = await Bun.$`pdfdetach -list ${file}`.text();
    expect(list).toContain('3 embedded files');
    expect(list).toContain('factur-x.xml');
    expect(list).toContain('timesheet.pdf');
    expect(list).toContain('usage.csv');
    await Bun.$`pdfdetach -savefile usage.csv -o ${join(dir, 'usage.csv')} ${file}`.quiet();
    expect(readFileSync(join(dir, 'usage.csv'), 'utf8')).toBe(CSV);
    const text = await Bun.$`pdftotext -layout ${file} -`.text();
    expect(text).toContain('TS-2026-10, USAGE-10, SPEC-7');
  });

  test('a file of another account, a missing one, or a type EN 16931 does not allow is a 422 at file_id', async () => {
    const other = await makeAccount(server);
    const res = await server.json('/api/v1/documents/xml', {
      method: 'POST',
      key: other.apiKey,
      body: { profile: 'xrechnung_cii', document_type: 'invoice', data: withDocuments() },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { loc: string }) => f.loc)).toEqual([
      'body.data.supporting_documents.0.file_id',
      'body.data.supporting_documents.1.file_id',
    ]);
    const zip = await server.json('/api/v1/documents/validate-compliance', {
      method: 'POST',
      key: account.apiKey,
      body: {
        profile: 'peppol_bis_billing_3',
        document_type: 'invoice',
        data: withDocuments({ supporting_documents: [{ id: 'Z', file_id: zipId }] }),
      },
    });
    expect(zip.status).toBe(422);
    expect(zip.body.error.details.fields[0]).toMatchObject({
      loc: 'body.data.supporting_documents.0.file_id',
      type: 'invalid_value',
    });
  });
});
