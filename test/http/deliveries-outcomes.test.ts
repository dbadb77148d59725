import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { claim, enqueue } from '../../src/jobs/queue';
import { jobs } from '../../src/jobs/schema';
import { FakeClock } from '../../src/shared/clock';
import { createLogger } from '../../src/shared/logger';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

const FROM = 'billing@invoices.example';
const HOUR_MS = 3_600_000;

let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-03T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

/** A finalized, rendered (for a week) invoice of a new account on `target`. */
async function readyDocument(target: TestServer = server, given?: TestAccount) {
  const account = given ?? (await makeAccount(target));
  const profile = await makeBusinessProfile(target, account, { legal_name: 'Acme Trading Ltd' });
  const customer = await makeCustomer(target, account);
  const created = await target.json('/api/v1/documents', {
    method: 'POST',
    key: account.apiKey,
    body: documentBody({ profileId: profile.id, customerId: customer.id }),
  });
  const id = created.body.data.id as string;
  await target.json(`/api/v1/documents/${id}/finalize`, { method: 'POST', key: account.apiKey });
  const render = await target.json(`/api/v1/documents/${id}/renders`, {
    method: 'POST',
    key: account.apiKey,
    body: { expires_in: 7 * 86_400 },
  });
  expect(render.status).toBe(200);
  return { account, documentId: id };
}

const send = (account: TestAccount, documentId: string, body: unknown, target = server) =>
  target.json(`/api/v1/documents/${documentId}/send`, { method: 'POST', key: account.apiKey, body });
const get = (account: TestAccount, id: string, target = server) =>
  target.json(`/api/v1/deliveries/${id}`, { key: account.apiKey });
const retry = (account: TestAccount, id: string, target = server) =>
  target.json(`/api/v1/deliveries/${id}/retry`, { method: 'POST', key: account.apiKey });
const mailsTo = (address: string, from: TestSmtp = smtp) =>
  from.messages.filter((m) => m.envelope.to.includes(address));
const jobOf = async (deliveryId: string, target = server) =>
  await target.db
    .select()
    .from(jobs)
    .where(eq(jobs.runKey, `delivery:${deliveryId}`))
    .get();

describe('SMTP outcomes', () => {
  test('a recipient refused with 550 -> bounced with the server reason; retry is a new delivery', async () => {
    const { account, documentId } = await readyDocument();
    smtp.rejectRecipient('nobody@globex.example', 550);
    const res = await send(account, documentId, { to: ['nobody@globex.example'], message: 'Hi' });
    await server.jobs.runDue();
    const bounced = (await get(account, res.body.data.id)).body.data;
    expect(bounced.status).toBe('bounced');
    expect(bounced.sent_at).toBeNull();
    expect(bounced.error_message).toContain('nobody@globex.example');
    expect(bounced.error_message).toContain('550');
    expect(bounced.error_message).toContain('mailbox unavailable');
    expect(mailsTo('nobody@globex.example')).toHaveLength(0);
    // One try only: a bounce is a verdict, not a hiccup.
    expect(await jobOf(bounced.id)).toMatchObject({ status: 'succeeded', attempts: 1 });

    const retried = await retry(account, bounced.id);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({
      status: 'queued',
      retry_of: bounced.id,
      to: ['nobody@globex.example'],
      message: 'Hi',
      subject: bounced.subject,
      attach_pdf: true,
    });
    expect(retried.body.data.id).not.toBe(bounced.id);
    expect((await get(account, bounced.id)).body.data).toEqual(bounced);
  });

  test('some recipients refused: sent to the others, the refused ones named in error_message', async () => {
    const { account, documentId } = await readyDocument();
    smtp.rejectRecipient('gone@globex.example', 550);
    const res = await send(account, documentId, { to: ['ap2@globex.example'], cc: ['gone@globex.example'] });
    await server.jobs.runDue();
    const delivery = (await get(account, res.body.data.id)).body.data;
    expect(delivery.status).toBe('sent');
    expect(delivery.error_message).toContain('gone@globex.example');
    expect(mailsTo('ap2@globex.example')).toHaveLength(1);
  });

  test('server down: stays queued through the retries, failed after 5 attempts; a retry goes out once it is back', async () => {
    const { account, documentId } = await readyDocument();
    await smtp.stop();
    try {
      const res = await send(account, documentId, { to: ['late@globex.example'] });
      const id = res.body.data.id as string;
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect(await server.jobs.runDue()).toBe(1);
        const queued = (await get(account, id)).body.data;
        expect(queued.status).toBe('queued');
        expect(queued.error_message).toMatch(/ECONNREFUSED|connect/i);
        expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: attempt });
        // Not due again before its backoff has passed.
        expect(await server.jobs.runDue()).toBe(0);
        if (attempt === 1) expect((await retry(account, id)).status).toBe(409);
        clock.advance(HOUR_MS);
      }
      expect(await server.jobs.runDue()).toBe(1);
      const failed = (await get(account, id)).body.data;
      expect(failed.status).toBe('failed');
      expect(failed.error_message).toContain('gave up after 5 attempts');
      expect(await jobOf(id)).toMatchObject({ status: 'succeeded', attempts: 5 });
      clock.advance(HOUR_MS);
      expect(await server.jobs.runDue()).toBe(0);

      await smtp.restart();
      const retried = await retry(account, id);
      expect(retried.body.data).toMatchObject({ status: 'queued', retry_of: id });
      await server.jobs.runDue();
      expect((await get(account, retried.body.data.id)).body.data.status).toBe('sent');
      expect((await get(account, id)).body.data.status).toBe('failed');
      expect(mailsTo('late@globex.example')).toHaveLength(1);
    } finally {
      await smtp.restart();
    }
  });

  test('a 421 greeting (4xx) is retried, and the next attempt goes through', async () => {
    const { account, documentId } = await readyDocument();
    smtp.refuseConnections(421);
    const res = await send(account, documentId, { to: ['busy@globex.example'] });
    await server.jobs.runDue();
    const queued = (await get(account, res.body.data.id)).body.data;
    expect(queued.status).toBe('queued');
    expect(queued.error_message).toContain('421');
    smtp.refuseConnections(null);
    clock.advance(HOUR_MS);
    await server.jobs.runDue();
    const sent = (await get(account, res.body.data.id)).body.data;
    expect(sent.status).toBe('sent');
    expect(sent.error_message).toBeNull();
    expect(mailsTo('busy@globex.example')).toHaveLength(1);
  });

  test('a render that expires before the job runs fails the delivery with the reason', async () => {
    const account = await makeAccount(server);
    const { documentId } = await readyDocument(server, account);
    // A newer, short-lived render is the one chosen; the send keeps it a week (the mail's link). Even
    // that can pass before the job runs (a server down so long).
    await server.json(`/api/v1/documents/${documentId}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: { expires_in: 60 },
    });
    const res = await send(account, documentId, { to: ['slow@globex.example'] });
    clock.advance(8 * 24 * 3600 * 1000);
    await server.jobs.runDue();
    const failed = (await get(account, res.body.data.id)).body.data;
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toContain('render the document again');
    // Rendered again, the retry takes the new render.
    await server.json(`/api/v1/documents/${documentId}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: {},
    });
    const retried = await retry(account, failed.id);
    expect(retried.status).toBe(200);
    expect(retried.body.data.render_id).not.toBe(failed.render_id);
    await server.jobs.runDue();
    expect((await get(account, retried.body.data.id)).body.data.status).toBe('sent');
  });
});

describe('retry, lists and accounts', () => {
  test('retry: 409 from sent and from queued, 404 for an unknown id', async () => {
    const { account, documentId } = await readyDocument();
    const first = await send(account, documentId, { to: ['r1@globex.example'] });
    const queuedRetry = await retry(account, first.body.data.id);
    expect(queuedRetry.status).toBe(409);
    expect(queuedRetry.body.error.message).toContain("'queued'");
    await server.jobs.runDue();
    const sentRetry = await retry(account, first.body.data.id);
    expect(sentRetry.status).toBe(409);
    expect(sentRetry.body.error.details).toEqual({ action: 'retry', status: 'sent' });
    expect((await retry(account, 'dlv_unknown')).status).toBe(404);
  });

  test("a document's deliveries, newest first and paginated; the account-wide list filters by status", async () => {
    const { account, documentId } = await readyDocument();
    const a = await send(account, documentId, { to: ['l1@globex.example'] });
    const b = await send(account, documentId, { to: ['l2@globex.example'] });
    const path = `/api/v1/documents/${documentId}/deliveries`;
    const all = await server.json(path, { key: account.apiKey });
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([b.body.data.id, a.body.data.id]);
    expect(all.body.data[0]).toEqual(b.body.data);
    const first = await server.json(`${path}?limit=1`, { key: account.apiKey });
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([b.body.data.id]);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await server.json(`${path}?limit=1&cursor=${first.body.pagination.next_cursor}`, {
      key: account.apiKey,
    });
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([a.body.data.id]);
    expect(second.body.pagination).toEqual({ has_more: false, next_cursor: null });
    expect((await server.json(`${path}?limit=0`, { key: account.apiKey })).status).toBe(422);
    expect((await server.json('/api/v1/documents/doc_nope/deliveries', { key: account.apiKey })).status).toBe(
      404,
    );

    const queued = await server.json('/api/v1/deliveries?status=queued', { key: account.apiKey });
    expect(queued.body.data).toHaveLength(2);
    await server.jobs.runDue();
    expect(
      (await server.json('/api/v1/deliveries?status=queued', { key: account.apiKey })).body.data,
    ).toEqual([]);
    const sent = await server.json('/api/v1/deliveries?status=sent', { key: account.apiKey });
    expect(sent.body.data).toHaveLength(2);
  });

  test("another account's delivery and document are 404 for every delivery endpoint; no key is 401", async () => {
    const { account, documentId } = await readyDocument();
    const stranger = await makeAccount(server);
    const res = await send(account, documentId, { to: ['mine@globex.example'] });
    const id = res.body.data.id;
    expect((await get(stranger, id)).status).toBe(404);
    expect((await retry(stranger, id)).status).toBe(404);
    expect((await send(stranger, documentId, { to: ['x@globex.example'] })).status).toBe(404);
    const list = await server.json(`/api/v1/documents/${documentId}/deliveries`, { key: stranger.apiKey });
    expect(list.status).toBe(404);
    const mine = await server.json('/api/v1/deliveries', { key: stranger.apiKey });
    expect(mine.body.data).toEqual([]);
    expect((await server.json(`/api/v1/deliveries/${id}`)).status).toBe(401);
    await server.jobs.runDue();
  });
});

describe('each email goes out once', () => {
  test('a worker that died holding the job: the next claim after the lease sends it, once', async () => {
    const { account, documentId } = await readyDocument();
    const res = await send(account, documentId, { to: ['crash@globex.example'] });
    // A worker claims the job and dies (kill -9) before talking to the SMTP server.
    const dead = await claim(server.db, clock, { kinds: ['delivery.send'], leaseMs: 60_000 });
    expect(dead?.runKey).toBe(`delivery:${res.body.data.id}`);
    expect(await server.jobs.runDue()).toBe(0);
    clock.advance(61_000);
    expect(await server.jobs.runDue()).toBe(1);
    expect((await get(account, res.body.data.id)).body.data.status).toBe('sent');
    expect(mailsTo('crash@globex.example')).toHaveLength(1);
  });

  test("a worker lost on every attempt: the job's last-failure hook records `failed` instead of leaving it queued", async () => {
    const { account, documentId } = await readyDocument();
    const res = await send(account, documentId, { to: ['never@globex.example'] });
    for (let i = 0; i < 5; i++) {
      expect(await claim(server.db, clock, { kinds: ['delivery.send'], leaseMs: 60_000 })).toBeDefined();
      clock.advance(61_000);
    }
    // The next claim finds the fifth attempt's worker gone: the job is given up, not run a sixth time.
    expect(await server.jobs.runDue()).toBe(0);
    expect(await jobOf(res.body.data.id)).toMatchObject({ status: 'failed', attempts: 6 });
    const failed = (await get(account, res.body.data.id)).body.data;
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toContain('the last one did not finish');
    expect(mailsTo('never@globex.example')).toHaveLength(0);
    expect((await retry(account, failed.id)).status).toBe(200);
    await server.jobs.runDue();
    expect(mailsTo('never@globex.example')).toHaveLength(1);
  });

  test('once `sent` is committed, the job run again (re-enqueued, or the same run key) sends nothing', async () => {
    const { account, documentId } = await readyDocument();
    const res = await send(account, documentId, { to: ['once@globex.example'] });
    const id = res.body.data.id as string;
    await server.jobs.runDue();
    expect(mailsTo('once@globex.example')).toHaveLength(1);
    const original = await jobOf(id);
    if (!original) throw new Error('no job');
    // The same run key is a no-op; a second job with the same payload (a replayed queue) runs but finds
    // the delivery no longer queued.
    await enqueue(server.db, clock, {
      kind: 'delivery.send',
      payload: JSON.parse(original.payload),
      runKey: original.runKey ?? undefined,
      maxAttempts: 6,
    });
    const replay = await enqueue(server.db, clock, {
      kind: 'delivery.send',
      payload: JSON.parse(original.payload),
      maxAttempts: 6,
    });
    expect(await server.jobs.runDue()).toBe(1);
    expect((await server.db.select().from(jobs).where(eq(jobs.id, replay.id)).get())?.status).toBe(
      'succeeded',
    );
    expect(mailsTo('once@globex.example')).toHaveLength(1);
    const delivery = (await get(account, id)).body.data;
    expect(delivery.status).toBe('sent');
  });
});

describe('SMTP credentials', () => {
  const USER = 'mailer@invoices.example';
  const PASS = 'pa55:w0rd/s3cret';

  test('log in with the URL credentials; the password never shows in logs, errors or responses', async () => {
    const authed = await TestSmtp.start({ auth: { user: USER, pass: PASS } });
    const lines: string[] = [];
    const good = await startServer({
      clock,
      smtpUrl: authed.url({ user: USER, pass: PASS }),
      startJobs: false,
      logger: createLogger('debug', (line) => lines.push(line)),
    });
    const bad = await startServer({
      clock,
      smtpUrl: authed.url({ user: USER, pass: 'wrong-pa55word' }),
      startJobs: false,
      logger: createLogger('debug', (line) => lines.push(line)),
    });
    try {
      const seen: string[] = [];
      // The user name is an address, so it is the sender when there is no ?from=.
      const ok = await readyDocument(good);
      const sent = await send(ok.account, ok.documentId, { to: ['auth@globex.example'] }, good);
      await good.jobs.runDue();
      const delivered = await get(ok.account, sent.body.data.id, good);
      expect(delivered.body.data.status).toBe('sent');
      expect(mailsTo('auth@globex.example', authed)[0]?.envelope.from).toBe(USER);
      seen.push(JSON.stringify(sent.body), JSON.stringify(delivered.body));

      const refused = await readyDocument(bad);
      const attempt = await send(refused.account, refused.documentId, { to: ['auth2@globex.example'] }, bad);
      await bad.jobs.runDue();
      const failed = await get(refused.account, attempt.body.data.id, bad);
      expect(failed.body.data.status).toBe('failed');
      expect(failed.body.data.error_message).toContain('535');
      seen.push(JSON.stringify(failed.body));

      await authed.stop();
      const down = await send(ok.account, ok.documentId, { to: ['auth3@globex.example'] }, good);
      await good.jobs.runDue();
      const queued = await get(ok.account, down.body.data.id, good);
      expect(queued.body.data.status).toBe('queued');
      seen.push(JSON.stringify(queued.body));

      const everything = [...seen, ...lines].join('\n');
      expect(lines.some((l) => l.includes('job attempt failed'))).toBe(true);
      for (const secret of [PASS, encodeURIComponent(PASS), 'wrong-pa55word']) {
        expect(everything).not.toContain(secret);
      }
    } finally {
      await good.stop();
      await bad.stop();
      await authed.stop();
    }
  });
});
