import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

// Written out from SPEC 3 on purpose (not imported from the code it tests).
const MOVES: Record<string, Record<string, string>> = {
  finalize: { draft: 'finalized' },
  'mark-sent': { finalized: 'sent' },
  'mark-paid': { sent: 'paid' },
  'mark-unpaid': { paid: 'sent' },
  void: { finalized: 'void', sent: 'void' },
  archive: { finalized: 'archived', sent: 'archived', paid: 'archived', void: 'archived' },
  restore: { archived: 'finalized' },
};
const ALL = ['finalize', 'void', 'mark-sent', 'mark-paid', 'mark-unpaid', 'archive', 'restore'];
const PLAIN = ['finalize', 'void', 'archive', 'restore'];
const SENDABLE = ['finalize', 'mark-sent', 'void', 'archive', 'restore'];
const OFFERED: Record<string, string[]> = {
  invoice: ALL,
  proforma: ALL,
  credit_note: PLAIN,
  delivery_note: PLAIN,
  receipt: PLAIN,
  quote: SENDABLE,
  purchase_order: SENDABLE,
};
const PATHS: Record<string, string[]> = {
  draft: [],
  finalized: ['finalize'],
  sent: ['finalize', 'mark-sent'],
  paid: ['finalize', 'mark-sent', 'mark-paid'],
  void: ['finalize', 'void'],
  archived: ['finalize', 'archive'],
};
const STAMP: Record<string, string> = {
  finalize: 'finalized_at',
  'mark-sent': 'sent_at',
  'mark-paid': 'paid_at',
  void: 'voided_at',
  archive: 'archived_at',
};

let server: TestServer;
let account: TestAccount;
let parties: { profileId: string; customerId: string };
let invoiceId: string;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
  parties = await makeParties(server, account);
  invoiceId = (await makeDocument(server, account, parties, {}, ['finalize'])).id;
});
afterAll(() => server.stop());

function overridesFor(type: string): Record<string, unknown> {
  if (type === 'credit_note')
    return { document_type: type, source_document_id: invoiceId, reason: 'Returned goods' };
  if (type === 'delivery_note') return { document_type: type, line_items: [{ name: 'Box', quantity: '3' }] };
  return { document_type: type };
}

const cases: [string, string, string][] = [];
for (const type of Object.keys(OFFERED)) {
  for (const status of Object.keys(PATHS)) {
    const reachable = (PATHS[status] ?? []).every((a) => OFFERED[type]?.includes(a));
    if (!reachable) continue;
    for (const action of ALL) cases.push([type, status, action]);
  }
}

describe('document lifecycle: every type x reachable status x action', () => {
  test.each(cases)('%s in %s, %s', async (type, status, action) => {
    const doc = await makeDocument(server, account, parties, overridesFor(type), PATHS[status]);
    expect(doc.status).toBe(status);
    const res = await server.json(`/api/v1/documents/${doc.id}/${action}`, {
      method: 'POST',
      key: account.apiKey,
    });
    const next = OFFERED[type]?.includes(action) ? MOVES[action]?.[status] : undefined;
    if (next) {
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(next);
      const stamp = STAMP[action];
      if (stamp) expect(res.body.data[stamp]).toMatch(/^\d{4}-\d\d-\d\dT/);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('conflict');
      const again = await server.json(`/api/v1/documents/${doc.id}`, { key: account.apiKey });
      expect(again.body.data.status).toBe(status);
    }
  });
});

describe('restore', () => {
  test('a paid document archived and restored is finalized again: no paid_at or archived_at', async () => {
    const path = ['finalize', 'mark-sent', 'mark-paid', 'archive'];
    const doc = await makeDocument(server, account, parties, {}, path);
    const res = await server.json(`/api/v1/documents/${doc.id}/restore`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'finalized',
      paid_at: null,
      voided_at: null,
      archived_at: null,
    });
    expect(res.body.data.finalized_at).toMatch(/^\d{4}-/);
  });

  // Issue 39: a cancellation is final. Archiving keeps voided_at; restoring gives the document back void.
  test('a void document archived and restored is void again: voided_at kept, no archived_at', async () => {
    const doc = await makeDocument(server, account, parties, {}, ['finalize', 'void', 'archive']);
    expect(doc.voided_at).toMatch(/^\d{4}-/);
    const res = await server.json(`/api/v1/documents/${doc.id}/restore`, {
      method: 'POST',
      key: account.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'void',
      paid_at: null,
      voided_at: doc.voided_at,
      archived_at: null,
    });
  });
});
