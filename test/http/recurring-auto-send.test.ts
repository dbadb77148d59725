// auto_send on a recurring invoice: each finalized occurrence is rendered and e-mailed to the customer
// through the deliveries module, once (a retried or doubled job never sends again); what stops it (no
// e-mail configured, no address, a refused recipient) is recorded and shown on the schedule's invoices.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, like } from 'drizzle-orm';
import { claim, enqueueJob } from '../../src/jobs/queue';
import { jobs } from '../../src/jobs/schema';
import { sendKind } from '../../src/modules/recurring-invoices/job';
import { renders } from '../../src/modules/renders/schema';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

const BASE = '/api/v1/recurring-invoices';
const FROM = 'billing@invoices.example';
let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-03-01T09:00:00.000Z'));
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: FROM }),
    startJobs: false,
    rulesetsDir: null,
  });
  unconfigured = await startServer({ clock, startJobs: false, rulesetsDir: null });
});
afterAll(async () => {
  await server.stop();
  await unconfigured.stop();
  await smtp.stop();
});

const TEMPLATE = {
  currency: 'EUR',
  due_in_days: 14,
  line_items: [
    {
      name: 'Wartung',
      quantity: '1',
      unit_price: '100.00',
      taxes: [{ rate: '19', category: 'S', name: 'VAT' }],
    },
  ],
};

interface Setup {
  target: TestServer;
  account: TestAccount;
  profileId: string;
  customerId: string;
  sequenceId: string;
  email: string | null;
}

let counter = 0;
async function setup(target: TestServer, withEmail = true): Promise<Setup> {
  counter += 1;
  const account = await makeAccount(target);
  const { id: profileId } = await makeBusinessProfile(target, account, { email: 'accounts@acme.example' });
  const email = withEmail ? `ap${counter}@globex.example` : null;
  const { id: customerId } = await makeCustomer(target, account, email ? { email } : {});
  const sequence = await target.json('/api/v1/numbering-sequences', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'INV', prefix: 'INV-', pattern: '{NNNN}' },
  });
  return { target, account, profileId, customerId, sequenceId: sequence.body.data.id, email };
}

const call = (s: Setup, method: string, path: string, body?: unknown) =>
  s.target.json(path, { method, key: s.account.apiKey, body });

const create = (s: Setup, overrides: Record<string, unknown>) =>
  call(s, 'POST', BASE, {
    business_profile_id: s.profileId,
    customer_id: s.customerId,
    frequency: 'monthly',
    start_date: '2026-03-01',
    numbering_sequence_id: s.sequenceId,
    invoice_template: TEMPLATE,
    ...overrides,
  });

async function schedule(s: Setup, overrides: Record<string, unknown> = {}) {
  const res = await create(s, { auto_finalize: true, auto_send: true, ...overrides });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string };
}

const invoices = async (s: Setup, id: string) => (await call(s, 'GET', `${BASE}/${id}/invoices`)).body.data;
const mailsFor = (address: string | null) =>
  smtp.messages.filter((m) => m.envelope.to.includes(address ?? ''));
const sendJobs = async (target: TestServer, id: string) =>
  await target.db
    .select()
    .from(jobs)
    .where(like(jobs.runKey, `recurring-send:${id}:%`))
    .all();

describe('auto_send is checked when written', () => {
  test('needs auto_finalize (422 at body.auto_send), on create and on PATCH', async () => {
    const s = await setup(server);
    const alone = await create(s, { auto_send: true });
    expect(alone.status).toBe(422);
    expect(alone.body.error.details.fields).toEqual([expect.objectContaining({ loc: 'body.auto_send' })]);
    const off = await create(s, { auto_finalize: false, auto_send: true });
    expect(off.status).toBe(422);
    const plain = await create(s, { start_date: '2026-05-01' });
    expect(plain.status).toBe(200);
    expect(plain.body.data).not.toHaveProperty('auto_send');
    const patched = await call(s, 'PATCH', `${BASE}/${plain.body.data.id}`, { auto_send: true });
    expect(patched.status).toBe(422);
    expect(patched.body.error.details.fields[0].loc).toBe('body.auto_send');
    const both = await call(s, 'PATCH', `${BASE}/${plain.body.data.id}`, {
      auto_finalize: true,
      auto_send: true,
    });
    expect(both.status).toBe(200);
    expect(both.body.data.auto_send).toBe(true);
    // Turning auto_finalize off turns auto_send off with it.
    const unfinalized = await call(s, 'PATCH', `${BASE}/${plain.body.data.id}`, { auto_finalize: false });
    expect(unfinalized.status).toBe(200);
    expect(unfinalized.body.data).not.toHaveProperty('auto_send');
  });

  test('needs a customer with an e-mail address (422 naming the customer)', async () => {
    const s = await setup(server, false);
    const res = await create(s, { auto_finalize: true, auto_send: true });
    expect(res.status).toBe(422);
    const [field] = res.body.error.details.fields;
    expect(field.loc).toBe('body.auto_send');
    expect(field.msg).toContain('has no e-mail address');
  });
});

describe('each occurrence is finalized, rendered and e-mailed once', () => {
  test('one mail with the PDF; a retried job and a stray second job send nothing more', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server);
    const { id } = await schedule(s);
    // A worker claims the occurrence's send job and dies (kill -9) before committing anything: the job is
    // there before the generation (same run key), so the generation's enqueue finds it and adds none.
    const ref = { recurringInvoiceId: id, occurrenceDate: '2026-03-01' };
    await enqueueJob(server.db, clock, sendKind, ref, { runKey: `recurring-send:${id}:2026-03-01` });
    const died = await claim(server.db, clock, { kinds: ['recurring.send'], leaseMs: 60_000 });
    expect(died?.runKey).toBe(`recurring-send:${id}:2026-03-01`);
    await server.jobs.runDue();
    expect(mailsFor(s.email)).toHaveLength(0);
    expect((await invoices(s, id))[0].status).toBe('finalized');
    clock.advance(61_000);
    await server.jobs.runDue();
    expect(await sendJobs(server, id)).toEqual([
      expect.objectContaining({ status: 'succeeded', attempts: 2 }),
    ]);
    const [invoice] = await invoices(s, id);
    // Finalized, then marked sent by its delivery.
    expect(invoice.status).toBe('sent');
    expect(invoice.delivery_status).toBe('sent');
    expect(invoice.delivery_id).toStartWith('dlv_');
    expect(invoice).not.toHaveProperty('send_error');
    const mails = mailsFor(s.email);
    expect(mails).toHaveLength(1);
    const parsed = mails[0]?.parsed;
    expect(parsed?.subject).toContain(invoice.number);
    expect(parsed?.attachments.map((a) => a.filename)).toEqual([`${invoice.number}.pdf`]);
    expect(parsed?.attachments[0]?.contentType).toBe('application/pdf');
    // Rendered as a manual render would be: the delivery links the document's render.
    const delivery = await call(s, 'GET', `/api/v1/deliveries/${invoice.delivery_id}`);
    expect(delivery.body.data.render_id).toStartWith('rnd_');

    // The same job run again (a retry after it succeeded) sends nothing more.
    await server.db
      .update(jobs)
      .set({ status: 'queued', runAt: clock.now().toISOString() })
      .where(like(jobs.runKey, `recurring-send:${id}:%`))
      .run();
    await server.jobs.runDue();
    expect(mailsFor(s.email)).toHaveLength(1);

    // A stray second send job for the same occurrence (another key, another process) does nothing.
    await enqueueJob(
      server.db,
      clock,
      sendKind,
      { recurringInvoiceId: id, occurrenceDate: '2026-03-01' },
      {
        runKey: `recurring-send:${id}:stray`,
      },
    );
    await server.jobs.runDue();
    expect(mailsFor(s.email)).toHaveLength(1);
    const deliveries = await call(s, 'GET', `/api/v1/documents/${invoice.id}/deliveries`);
    expect(deliveries.body.data).toHaveLength(1);
    expect((await sendJobs(server, id)).map((j) => j.status)).toEqual(['succeeded', 'succeeded']);

    // The next month's invoice goes out too, once.
    clock.set('2026-04-01T09:00:00.000Z');
    await server.jobs.runDue();
    const listed = await invoices(s, id);
    expect(listed.map((i: { delivery_status?: string }) => i.delivery_status)).toEqual(['sent', 'sent']);
    expect(mailsFor(s.email)).toHaveLength(2);
  });
});

describe('an invoice sent by hand while its send job waited', () => {
  test('is not e-mailed a second time: the occurrence records that delivery', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server);
    const { id } = await schedule(s);
    // The send job waits its turn (queued for later, under the run key generation would use).
    const later = new Date('2026-03-01T10:00:00.000Z');
    await enqueueJob(
      server.db,
      clock,
      sendKind,
      { recurringInvoiceId: id, occurrenceDate: '2026-03-01' },
      { runKey: `recurring-send:${id}:2026-03-01`, runAt: later },
    );
    await server.jobs.runDue();
    const [made] = await invoices(s, id);
    expect(made.status).toBe('finalized');
    // Meanwhile someone renders and sends it from the document.
    expect((await call(s, 'POST', `/api/v1/documents/${made.id}/renders`, {})).status).toBe(200);
    const byHand = await call(s, 'POST', `/api/v1/documents/${made.id}/send`, { to: [s.email] });
    expect(byHand.status).toBe(200);
    await server.jobs.runDue();
    expect(mailsFor(s.email)).toHaveLength(1);
    clock.set('2026-03-01T10:00:01.000Z');
    await server.jobs.runDue();
    expect(mailsFor(s.email)).toHaveLength(1);
    const [invoice] = await invoices(s, id);
    expect(invoice.delivery_id).toBe(byHand.body.data.id);
    expect(invoice).not.toHaveProperty('send_error');
  });

  test('voided before its turn: nothing rendered or sent, the reason recorded', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server);
    const { id } = await schedule(s);
    await enqueueJob(
      server.db,
      clock,
      sendKind,
      { recurringInvoiceId: id, occurrenceDate: '2026-03-01' },
      { runKey: `recurring-send:${id}:2026-03-01`, runAt: new Date('2026-03-01T10:00:00.000Z') },
    );
    await server.jobs.runDue();
    const [made] = await invoices(s, id);
    expect((await call(s, 'POST', `/api/v1/documents/${made.id}/void`)).status).toBe(200);
    clock.set('2026-03-01T10:00:01.000Z');
    await server.jobs.runDue();
    const [invoice] = await invoices(s, id);
    expect(invoice.send_error).toContain('void');
    const drawn = await server.db.select().from(renders).where(eq(renders.documentId, made.id)).all();
    expect(drawn).toHaveLength(0);
    expect(mailsFor(s.email)).toHaveLength(0);
  });
});

describe('what stops the e-mail is recorded and shown; the invoice stays finalized', () => {
  test('a refused recipient: the delivery bounced, with the reason', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server);
    smtp.rejectRecipient(s.email ?? '', 550);
    const { id } = await schedule(s);
    await server.jobs.runDue();
    const [invoice] = await invoices(s, id);
    expect(invoice.status).toBe('finalized');
    expect(invoice.delivery_status).toBe('bounced');
    const delivery = await call(s, 'GET', `/api/v1/deliveries/${invoice.delivery_id}`);
    expect(delivery.body.data.error_message).toBeTruthy();
    expect(mailsFor(s.email)).toHaveLength(0);
  });

  test('the customer has no address any more: made and finalized, the send error is shown', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(server);
    const { id } = await schedule(s, { start_date: '2026-03-02' });
    const removed = await call(s, 'PATCH', `/api/v1/customers/${s.customerId}`, { email: null });
    expect(removed.status).toBe(200);
    clock.set('2026-03-02T09:00:00.000Z');
    await server.jobs.runDue();
    const [invoice] = await invoices(s, id);
    expect(invoice.status).toBe('finalized');
    expect(invoice.send_error).toContain('no e-mail address');
    expect(invoice).not.toHaveProperty('delivery_id');
    expect(mailsFor(s.email)).toHaveLength(0);
    // The schedule itself goes on (its last_error is about generating, not sending).
    const read = await call(s, 'GET', `${BASE}/${id}`);
    expect(read.body.data.last_error).toBeNull();
    expect(read.body.data.next_occurrence_date).toBe('2026-04-02');
  });

  test('no e-mail configured (501 not_configured): recorded, nothing rendered for it', async () => {
    clock.set('2026-03-01T09:00:00.000Z');
    const s = await setup(unconfigured);
    const { id } = await schedule(s);
    await unconfigured.jobs.runDue();
    const [invoice] = await invoices(s, id);
    expect(invoice.status).toBe('finalized');
    expect(invoice.send_error).toContain('email delivery is not configured');
    expect((await sendJobs(unconfigured, id)).map((j) => j.status)).toEqual(['succeeded']);
    const deliveries = await call(s, 'GET', `/api/v1/documents/${invoice.id}/deliveries`);
    expect(deliveries.body.data).toHaveLength(0);
  });
});
