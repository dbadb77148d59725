// Issue 37: a customer statement's PDF was drawn in the request, unlimited and unmetered (it rendered with
// the quota spent). Now it is a render: drawn by the renderer every PDF goes through (the render pool),
// one unit of the monthly render quota, refused exactly as a render is once the quota is spent, metered as
// a usage event, its unit given back when drawing fails; and past its line limit refused before any unit is
// taken (docs/reports.md). Its JSON stays a free read.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { statementLimits } from '../../src/modules/reports/use-cases/statement-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { FakeClock } from '../../src/shared/clock';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, makePlan, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

const clock = new FakeClock(new Date('2026-11-20T09:30:00.000Z'));
const STATEMENT = 'statement?from=2026-11-01&to=2026-11-30';
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ clock, startJobs: false });
  await makePlan(server, { id: 'plan_statement_q2', rps: 1000, quota: 2 });
});
afterAll(() => server.stop());

/** An account on the plan with a quota of 2, one customer and one sent invoice paid in part. */
async function accountWithInvoice(target: TestServer = server) {
  const account = await makeAccount(target, { planId: 'plan_statement_q2' });
  const parties = await makeParties(target, account);
  const invoice = await makeDocument(
    target,
    account,
    parties,
    { issue_date: '2026-11-02', due_date: '2026-11-12' },
    ['finalize', 'mark-sent'],
  );
  const paid = await target.json(`/api/v1/documents/${invoice.id}/payments`, {
    method: 'POST',
    key: account.apiKey,
    body: { amount: '100.00', date: '2026-11-15' },
  });
  expect(paid.status).toBe(201);
  return { account, parties, invoice };
}

const statementPdf = (target: TestServer, account: TestAccount, customerId: string) =>
  target.request(`/api/v1/customers/${customerId}/${STATEMENT}`, {
    key: account.apiKey,
    headers: { accept: 'application/pdf' },
  });
const usageOf = async (target: TestServer, account: TestAccount) => ({
  used: (await target.json('/api/v1/usage', { key: account.apiKey })).body.data.renders.used as number,
  events: (await target.json('/api/v1/usage/events', { key: account.apiKey })).body.data as {
    render_id: string;
  }[],
});

describe('a statement PDF is a render', () => {
  test('it takes a unit of the quota and is metered; with the quota spent it is refused as a render is', async () => {
    const { account, parties, invoice } = await accountWithInvoice();
    const first = await statementPdf(server, account, parties.customerId);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await first.bytes()).slice(0, 5))).toBe('%PDF-');
    const afterStatement = await usageOf(server, account);
    expect(afterStatement.used).toBe(1);
    expect(afterStatement.events).toHaveLength(1);
    expect(afterStatement.events[0]?.render_id).toMatch(/^stm_/);

    // The invoice's first render is drawn; later ones in another template are copies, drawn and counted
    // (a render in its own template serves the PDF kept as issued and takes no unit: issue 39).
    const render = (template_id = 'tpl_modern') =>
      server.json(`/api/v1/documents/${invoice.id}/renders`, {
        method: 'POST',
        key: account.apiKey,
        body: { template_id },
      });
    expect((await render()).status).toBe(200);
    expect((await usageOf(server, account)).used).toBe(2);

    // The quota is spent: the statement gets the render's own answer.
    const refused = await statementPdf(server, account, parties.customerId);
    expect(refused.status).toBe(429);
    const statementError = ((await refused.json()) as { error: Record<string, unknown> }).error;
    const renderError = (await render('tpl_classic')).body.error;
    expect(statementError.code).toBe('quota_exceeded');
    expect(statementError.details).toEqual({
      monthly_quota: 2,
      used: 2,
      resets_at: '2026-12-01T00:00:00.000Z',
    });
    expect(renderError.code).toBe(statementError.code);
    expect(renderError.details).toEqual(statementError.details);
    expect(renderError.message).toBe(statementError.message);
    expect(renderError.status).toBe(statementError.status);

    // An unknown customer is still a 404 first; the JSON statement is a read and counts nothing.
    const unknown = await server.request(`/api/v1/customers/cus_unknown/${STATEMENT}`, {
      key: account.apiKey,
      headers: { accept: 'application/pdf' },
    });
    expect(unknown.status).toBe(404);
    const json = await server.json(`/api/v1/customers/${parties.customerId}/${STATEMENT}`, {
      key: account.apiKey,
    });
    expect(json.status).toBe(200);
    expect(json.body.data.currencies[0].closing_balance).toBe('137.88');
    const after = await usageOf(server, account);
    expect(after.used).toBe(2);
    expect(after.events).toHaveLength(2);
  });

  test('past the line limit it is a 422 naming query.from, before any unit is taken', async () => {
    const { account, parties } = await accountWithInvoice();
    const max = statementLimits.maxPdfLines;
    statementLimits.maxPdfLines = 2; // the invoice, its payment and the invoice overdue on `to`: three
    try {
      const res = await statementPdf(server, account, parties.customerId);
      expect(res.status).toBe(422);
      const error = ((await res.json()) as { error: { details: { fields: unknown[] } } }).error;
      expect(error.details.fields).toEqual([
        {
          loc: 'query.from',
          msg: 'the statement has 3 lines; a PDF holds at most 2: ask for a shorter period (or the JSON)',
          type: 'too_long',
        },
      ]);
    } finally {
      statementLimits.maxPdfLines = max;
    }
    expect(await usageOf(server, account)).toEqual({ used: 0, events: [] });
    expect((await statementPdf(server, account, parties.customerId)).status).toBe(200);
  });

  test('it goes through the renderer every PDF takes; when drawing fails its unit is given back', async () => {
    const seen: RenderInput[] = [];
    const failing = await startServer({
      clock,
      startJobs: false,
      renderPdf: async (input) => {
        seen.push(input);
        throw new Error('worker lost');
      },
    });
    try {
      await makePlan(failing, { id: 'plan_statement_q2', rps: 1000, quota: 2 });
      const { account, parties } = await accountWithInvoice(failing);
      const res = await statementPdf(failing, account, parties.customerId);
      expect(res.status).toBe(500);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.pageSize).toBe('A4');
      expect(seen[0]?.statement).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-30',
        customer: { name: 'Acme Ltd' },
        seller: { name: 'Müller' },
        sections: [{ currency: 'EUR', closing_balance: '137.88' }],
      });
      expect(seen[0]?.statement?.sections[0]?.entries.map((e) => e.type)).toEqual(['invoice', 'payment']);
      expect(await usageOf(failing, account)).toEqual({ used: 0, events: [] });
    } finally {
      await failing.stop();
    }
  });
});
