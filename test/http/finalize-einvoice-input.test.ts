// Issue 38: the e-invoice input of a stored document (the XML route, deliveries, the archive, Factur-X and
// finalize's check) is derived from the row's own data, no longer from the API's answer (payment figures,
// days overdue). The XML must not change by a byte: each representative document is written through the
// old path (the presented document's `data`, as the code before issue 38 did, written out here) and the
// new one, for every profile. Finalize reads the draft once outside its transaction and still refuses when
// the draft changed while the check ran.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ComplianceProfile } from '../../src/einvoicing/profiles';
import { writeEInvoice } from '../../src/modules/compliance/use-cases/write-einvoice';
import { customerBuyerReference, findCustomer } from '../../src/modules/customers';
import {
  type DocumentData,
  type DocumentRow,
  einvoiceInputOf,
  finalizeCheckInput,
  finalizeDocument,
  findDocument,
  readDocument,
  type StoredEInvoiceInput,
} from '../../src/modules/documents';
import { readSupportingFiles } from '../../src/modules/files';
import { systemClock } from '../../src/shared/clock';
import type { AccountCtx } from '../../src/shared/context';
import { DomainError } from '../../src/shared/errors';
import { makeAccount, type TestAccount } from '../factories';
import { AUTHORITY, GERMAN_SELLER, germanLine as line } from '../german-firm';
import { startServer, type TestServer } from '../harness';

const PROFILES: ComplianceProfile[] = [
  'xrechnung_ubl',
  'xrechnung_cii',
  'peppol_bis_billing_3',
  'factur_x_en16931',
];

let server: TestServer;
let account: TestAccount;
let ctx: AccountCtx;
let sellerId: string;
let authorityId: string;
let cafeId: string;
let fileId: string;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await server.json(path, { method, key: account.apiKey, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  ctx = { db: server.db, clock: systemClock, accountId: account.id, actor: { kind: 'cli' } };
  sellerId = (await call('POST', '/api/v1/business-profiles', GERMAN_SELLER)).id;
  authorityId = (await call('POST', '/api/v1/customers', AUTHORITY)).id;
  cafeId = (await call('POST', '/api/v1/customers', { name: 'Café Morgenrot', email: 'hallo@cafe.example' }))
    .id;
  const form = new FormData();
  form.append('file', new Blob(['date,hours\n2026-10-01,8\n']), 'timesheet.csv');
  const upload = await fetch(`${server.url}/api/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  fileId = ((await upload.json()) as { data: { id: string } }).data.id;
});
afterAll(() => server.stop());

let counter = 0;
async function draft(customerId: string, extra: Record<string, unknown> = {}) {
  counter += 1;
  return await call('POST', '/api/v1/documents', {
    number: `RE-38-${counter}`,
    issue_date: '2026-01-05',
    due_date: '2026-01-19',
    currency: 'EUR',
    locale: 'de-DE',
    tax_scheme: 'VAT',
    business_profile_id: sellerId,
    customer_id: customerId,
    line_items: [line()],
    ...extra,
  });
}
/** Finalize without the official rules (a check that passes): what is under test is the input, not the rules. */
const finalize = async (id: string) => await finalizeDocument({ ctx, input: { id }, check: async () => [] });

async function rowOf(id: string): Promise<DocumentRow> {
  const row = await findDocument(ctx.db, ctx.accountId, id);
  if (!row) throw new Error(`no document ${id}`);
  return row;
}

// The path before issue 38, written out: the presented document's data and the customer read again.
async function oldEinvoiceInputOf(row: DocumentRow): Promise<StoredEInvoiceInput> {
  const source = row.sourceDocumentId
    ? await findDocument(ctx.db, ctx.accountId, row.sourceDocumentId)
    : undefined;
  return {
    documentType: row.documentType,
    data: (await readDocument(ctx, row)).data as DocumentData,
    totals: row.totals,
    precedingInvoiceNumber: source?.number ?? null,
    precedingInvoiceDate: source?.issueDate ?? null,
  };
}
async function oldFinalizeCheckInput(row: DocumentRow) {
  if (row.status !== 'draft' || !['invoice', 'credit_note'].includes(row.documentType)) return null;
  const customer = await findCustomer(ctx.db, ctx.accountId, row.customerId);
  if (!customer?.einvoiceProfile) return null;
  const einvoice = await oldEinvoiceInputOf(row);
  const reference = einvoice.data.buyer_reference ?? customerBuyerReference(customer);
  const data = reference ? { ...einvoice.data, buyer_reference: reference } : einvoice.data;
  return { ...einvoice, data, profile: customer.einvoiceProfile };
}

/** The XML the route writes for `input` (its supporting files read as the route reads them), or its problems. */
async function xmlOf(profile: ComplianceProfile, input: StoredEInvoiceInput): Promise<string> {
  const attachedFiles = await readSupportingFiles(
    ctx,
    server.deps.blobs,
    input.data.supporting_documents,
    'document.data.supporting_documents',
  );
  // A check's input names the buyer's profile too: the one asked for wins.
  const outcome = writeEInvoice({ ...input, profile, attachedFiles });
  return outcome.ok ? outcome.xml : JSON.stringify(outcome.problems);
}

async function expectSameXml(oldInput: StoredEInvoiceInput, newInput: StoredEInvoiceInput) {
  // Key order included: nothing downstream may see a difference.
  expect(JSON.stringify(newInput)).toBe(JSON.stringify(oldInput));
  for (const profile of PROFILES) {
    const xml = await xmlOf(profile, newInput);
    expect(xml).toBe(await xmlOf(profile, oldInput));
    expect(xml).toStartWith('<?xml');
  }
}

describe('the e-invoice input of a stored document, old path and new', () => {
  test('drafts, finalized invoices, a credit note, allowances and charges, payments, attachments: the same XML', async () => {
    const invoice = await draft(authorityId, {
      delivery_date: '2026-01-02',
      supporting_documents: [
        { id: 'TS-01', description: 'Timesheet', file_id: fileId },
        { id: 'SPEC-7', url: 'https://example.com/spec-7.pdf' },
      ],
      order_reference: 'PO-4711',
    });
    const charged = await draft(cafeId, {
      line_items: [line(), line({ name: 'Anfahrt', quantity: '2', unit_price: '45.00' })],
      discounts: [{ type: 'percentage', value: '5', reason: 'Stammkunde', reason_code: '95' }],
      charges: [{ reason: 'Materialien', amount: '7.50', reason_code: 'ABK' }],
      shipping: { description: 'Versand', amount: '4.90' },
      notes: 'Vielen Dank.',
    });
    const paid = await draft(cafeId);
    await finalize(paid.id);
    const payment = { amount: '100.00', date: '2026-01-20', method: 'bank_transfer', reference: 'SEPA 1' };
    await call('POST', `/api/v1/documents/${paid.id}/payments`, payment);
    const finalized = await draft(authorityId, { buyer_reference: '991-00000-11' });
    await finalize(finalized.id);
    const creditDraft = await draft(authorityId, {
      document_type: 'credit_note',
      source_document_id: finalized.id,
      reason: 'Gutschrift',
      line_items: [line({ quantity: '1', unit_price: '250.00' })],
    });
    const credit = await draft(cafeId, {
      document_type: 'credit_note',
      source_document_id: paid.id,
      reason: 'Teilgutschrift',
      line_items: [line({ quantity: '1', unit_price: '50.00' })],
    });
    await finalize(credit.id);
    // A finalized document keeps its frozen parties whatever the customer becomes.
    await call('PATCH', `/api/v1/customers/${cafeId}`, { name: 'Café Abendrot' });

    const ids = [invoice.id, charged.id, paid.id, finalized.id, creditDraft.id, credit.id];
    const shown = await call('GET', `/api/v1/documents/${paid.id}`);
    expect(shown).toMatchObject({ amount_paid: '100.00', payment_status: 'partially_paid' });
    expect(shown.days_overdue).toBeGreaterThan(0);
    for (const id of ids) {
      const row = await rowOf(id);
      await expectSameXml(await oldEinvoiceInputOf(row), await einvoiceInputOf(ctx, row));
    }
    const credited = await einvoiceInputOf(ctx, await rowOf(credit.id));
    expect(credited.precedingInvoiceNumber).toBe(paid.number);
    expect(credited.data.buyer?.name).toBe('Café Morgenrot');
  }, 60_000);

  test("finalize's check: the same input as before, and exactly what finalize freezes", async () => {
    // A draft of a customer without a Leitweg-ID, which then gets one and needs XRechnung: finalize fills in
    // the buyer reference; a draft that states its own keeps it.
    const customer = (await call('POST', '/api/v1/customers', { name: 'Amt', email: 'a@amt.example' })).id;
    const late = await draft(customer, { delivery_date: '2026-01-02' });
    await call('PATCH', `/api/v1/customers/${customer}`, {
      billing_address: AUTHORITY.billing_address,
      electronic_address: AUTHORITY.electronic_address,
      einvoice_profile: 'xrechnung_cii',
    });
    const stated = await draft(authorityId, { buyer_reference: '991-00000-11' });
    const credit = await draft(authorityId, {
      document_type: 'credit_note',
      source_document_id: stated.id,
      reason: 'Storno',
    });
    const plain = await draft(cafeId);
    for (const id of [late.id, stated.id, credit.id, plain.id]) {
      const row = await rowOf(id);
      const before = await oldFinalizeCheckInput(row);
      const checked = await finalizeCheckInput(ctx, row);
      expect(JSON.stringify(checked)).toBe(JSON.stringify(before));
      if (before === null || checked === null) {
        expect(id).toBe(plain.id);
        continue;
      }
      await expectSameXml(before, checked);
      // What was checked is what is frozen: the finalized document writes the XML that was checked.
      await finalize(id);
      const frozen = await einvoiceInputOf(ctx, await rowOf(id));
      for (const profile of PROFILES)
        expect(await xmlOf(profile, frozen)).toBe(await xmlOf(profile, checked));
    }
    expect((await einvoiceInputOf(ctx, await rowOf(late.id))).data.buyer_reference).toBe('991-12345-67');
  }, 60_000);
});

describe('finalize reads the draft, checks it, and refuses when it changed meanwhile', () => {
  test('an edit while the check runs: 409, still a draft, the edit kept', async () => {
    const doc = await draft(authorityId);
    const editing = async () => {
      await call('PATCH', `/api/v1/documents/${doc.id}`, { notes: 'Edited while checked' });
      return [];
    };
    const refused = await finalizeDocument({ ctx, input: { id: doc.id }, check: editing }).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'conflict' });
    const after = await rowOf(doc.id);
    expect(after.status).toBe('draft');
    expect(after.data.notes).toBe('Edited while checked');
    expect(after.data.seller).toBeUndefined();
    // Unchanged during its check, the same draft finalizes, with the parties frozen into it.
    const done = await finalize(doc.id);
    expect(done.status).toBe('finalized');
    expect(done.data.seller).toMatchObject({ name: GERMAN_SELLER.legal_name });
    expect(done.data.buyer_reference).toBe('991-12345-67');
  });

  test('findings refuse with compliance_failed and leave the draft as it was', async () => {
    const doc = await draft(authorityId);
    const finding = { rule: 'BR-DE-15', field: 'data.buyer_reference', message: 'missing' };
    const refused = await finalizeDocument({
      ctx,
      input: { id: doc.id },
      check: async () => [finding],
    }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'compliance_failed', details: { profile: 'xrechnung_ubl' } });
    const after = await rowOf(doc.id);
    expect(after.status).toBe('draft');
    expect(after.updatedAt).toBe(doc.updated_at);
  });
});
