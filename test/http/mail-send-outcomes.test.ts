// What one SMTP exchange leaves behind when the server answers per recipient: a recipient refused for now
// (4xx) gets a follow-up delivery, also when the addressees were refused for good and only a copy was taken
// (the delivery `bounced`); the original's note names a follow-up only when one was queued; the follow-up's
// link works until the date its mail states. Real parts: the SMTP server of test/smtp.ts, the job run by
// the test on the server's clock.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { renders } from '../../src/modules/renders/schema';
import { FakeClock } from '../../src/shared/clock';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { TestSmtp } from '../smtp';

const FROM = 'rechnung@mueller.example';
const DAY = 86_400_000;
let smtp: TestSmtp;
let clock: FakeClock;
let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  clock = new FakeClock(new Date('2026-11-03T09:00:00.000Z'));
  server = await startServer({ clock, smtpUrl: smtp.url({ from: FROM }), startJobs: false });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const call = (method: string, path: string, body?: unknown) =>
  server.json(path, { method, key: account.apiKey, body });

let seq = 0;
/** A finalized invoice of a German GmbH, rendered for an hour; answers its id. */
async function finalizedInvoice(): Promise<string> {
  seq += 1;
  const biz = await makeBusinessProfile(server, account, {
    legal_name: 'Bäckerei Müller GmbH',
    email: 'info@mueller.example',
    default_locale: 'de-DE',
    address: { line1: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  });
  const customer = await makeCustomer(server, account, {
    name: 'Café Öztürk',
    email: 'kasse@oeztuerk.example',
    billing_address: { line1: 'Domstraße 2', postal_code: '50667', city: 'Köln', country: 'DE' },
  });
  const created = await call('POST', '/api/v1/documents', {
    number: `RE-2026-3${String(seq).padStart(2, '0')}`,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    currency: 'EUR',
    business_profile_id: biz.id,
    customer_id: customer.id,
    line_items: [
      {
        name: 'Brötchen',
        quantity: '100',
        unit_price: '0.45',
        taxes: [{ name: 'USt', rate: '7', category: 'S' }],
      },
    ],
  });
  expect(created.body.error ?? null).toBeNull();
  const id = created.body.data.id as string;
  expect((await call('POST', `/api/v1/documents/${id}/finalize`)).status).toBe(200);
  expect((await call('POST', `/api/v1/documents/${id}/renders`, { expires_in: 3600 })).status).toBe(200);
  return id;
}

const deliveryOf = async (id: string) => (await call('GET', `/api/v1/deliveries/${id}`)).body.data;
const deliveriesOf = async (documentId: string) =>
  (await call('GET', `/api/v1/documents/${documentId}/deliveries`)).body.data as {
    id: string;
    to: string[];
    cc: string[];
    bcc: string[];
    status: string;
    retry_of: string | null;
    error_message: string | null;
  }[];

describe('a recipient refused for now beside others', () => {
  test("the addressee refused for good, a cc refused for now, only the firm's blind copy taken: bounced, and the cc gets a follow-up", async () => {
    const id = await finalizedInvoice();
    smtp.rejectRecipient('tippfehler@oeztuerk.example', 550);
    smtp.rejectRecipient('chef@oeztuerk.example', 450);
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['tippfehler@oeztuerk.example'],
      cc: ['chef@oeztuerk.example'],
      bcc: ['archiv@mueller.example'],
    });
    expect(queued.body.error ?? null).toBeNull();
    const before = smtp.messages.length;
    await server.jobs.runDue();
    smtp.acceptRecipient('tippfehler@oeztuerk.example');
    smtp.acceptRecipient('chef@oeztuerk.example');
    expect(smtp.messages.slice(before).map((m) => m.envelope.to)).toEqual([['archiv@mueller.example']]);
    const first = await deliveryOf(queued.body.data.id);
    expect(first.status).toBe('bounced');
    expect(first.error_message).toContain('tippfehler@oeztuerk.example: 550');
    // The cc was only refused for now: it is tried again by a delivery of its own, as beside a `sent` one.
    const followUp = (await deliveriesOf(id)).find((d) => d.retry_of === first.id);
    expect(followUp).toMatchObject({ to: ['chef@oeztuerk.example'], cc: [], bcc: [], status: 'queued' });
    expect(first.error_message).toContain(`sent to chef@oeztuerk.example again as ${followUp?.id}`);
    // The customer's addressee has nothing: the document is not marked sent (until the follow-up goes out).
    expect((await call('GET', `/api/v1/documents/${id}`)).body.data.status).toBe('finalized');
    clock.advance(5 * 60_000);
    await server.jobs.runDue();
    expect(smtp.messages.slice(before).map((m) => m.envelope.to)).toEqual([
      ['archiv@mueller.example'],
      ['chef@oeztuerk.example'],
    ]);
    expect((await deliveryOf(followUp?.id ?? '')).status).toBe('sent');
  }, 60_000);

  // A follow-up is the same e-mail to those the server refused for now: they never got the invoice, so it
  // is no copy, in its subject (taken from the original) and its body alike. Its body said "Dies ist eine
  // Kopie …": asked as of the follow-up's own creation, after the original had reached the addressee.
  test('the follow-up to a cc refused for now, after the addressee got the invoice, is no copy', async () => {
    const id = await finalizedInvoice();
    smtp.rejectRecipient('chef@oeztuerk.example', 450);
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['kasse@oeztuerk.example'],
      cc: ['chef@oeztuerk.example'],
    });
    expect(queued.body.error ?? null).toBeNull();
    const before = smtp.messages.length;
    await server.jobs.runDue();
    smtp.acceptRecipient('chef@oeztuerk.example');
    expect((await deliveryOf(queued.body.data.id)).status).toBe('sent');
    clock.advance(5 * 60_000);
    await server.jobs.runDue();
    const mails = smtp.messages.slice(before);
    expect(mails.map((m) => m.envelope.to)).toEqual([['kasse@oeztuerk.example'], ['chef@oeztuerk.example']]);
    const followUp = mails[1]?.parsed;
    expect(followUp?.subject).toBe(mails[0]?.parsed.subject);
    expect(followUp?.subject).not.toContain('Kopie');
    expect(followUp?.text).not.toContain('Kopie');
  }, 60_000);

  test('the note names a follow-up only when one was queued (its render gone meanwhile: none, and none named)', async () => {
    const id = await finalizedInvoice();
    smtp.rejectRecipient('spaeter@oeztuerk.example', 450);
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['kasse@oeztuerk.example'],
      cc: ['spaeter@oeztuerk.example'],
    });
    expect(queued.body.error ?? null).toBeNull();
    const renderId = (await deliveryOf(queued.body.data.id)).render_id as string;
    // The render goes away while the server takes the message: nothing is left to send the cc later.
    const held = smtp.holdNext();
    const running = server.jobs.runDue();
    await held.arrived;
    await server.db.delete(renders).where(eq(renders.id, renderId)).run();
    held.release();
    await running;
    smtp.acceptRecipient('spaeter@oeztuerk.example');
    const first = await deliveryOf(queued.body.data.id);
    expect(first.status).toBe('sent');
    expect(first.error_message).toContain('spaeter@oeztuerk.example: 450');
    expect(await deliveriesOf(id)).toHaveLength(1);
    expect(first.error_message).not.toContain('again as');
  }, 60_000);

  test("the follow-up's link works until the end its mail states (the render kept a week from the follow-up, the link signed to that end)", async () => {
    const id = await finalizedInvoice();
    smtp.rejectRecipient('urlaub@oeztuerk.example', 450);
    const queued = await call('POST', `/api/v1/documents/${id}/send`, {
      to: ['kasse@oeztuerk.example'],
      cc: ['urlaub@oeztuerk.example'],
    });
    expect(queued.body.error ?? null).toBeNull();
    // Sent a day later (the relay was away): the original's link ends a week after the send was asked for.
    clock.advance(DAY);
    const before = smtp.messages.length;
    await server.jobs.runDue();
    smtp.acceptRecipient('urlaub@oeztuerk.example');
    const first = await deliveryOf(queued.body.data.id);
    const followUp = (await deliveriesOf(id)).find((d) => d.retry_of === first.id);
    expect(followUp?.status).toBe('queued');
    clock.advance(5 * 60_000);
    await server.jobs.runDue();
    expect((await deliveryOf(followUp?.id ?? '')).status).toBe('sent');
    const mails = smtp.messages.slice(before);
    expect(mails.map((m) => m.envelope.to)).toEqual([
      ['kasse@oeztuerk.example'],
      ['urlaub@oeztuerk.example'],
    ]);
    const linkIn = (text: string) => /(https?:\/\/\S+\/download\?token=\S+)/.exec(text)?.[1] ?? '';
    const originalLink = linkIn(mails[0]?.parsed.text ?? '');
    const text = mails[1]?.parsed.text ?? '';
    const link = linkIn(text);
    expect(link).not.toBe('');
    // The render is kept a week from the follow-up: 2026-11-11, which its mail states; the original's link
    // ends 2026-11-10, a week from the send.
    const render = (await call('GET', `/api/v1/renders/${first.render_id}`)).body.data;
    expect(render.expires_at.slice(0, 10)).toBe('2026-11-11');
    expect(text).toContain('11.11.2026');
    expect(text).not.toContain('10.11.2026');
    expect(mails[0]?.parsed.text ?? '').toContain('10.11.2026');
    // A day after the original's link ended, before the end the follow-up's mail states.
    clock.advance(6 * DAY + 12 * 3_600_000);
    const download = (url: string) => fetch(`${server.url}${new URL(url).pathname}${new URL(url).search}`);
    expect((await download(originalLink)).status).toBe(404);
    const res = await download(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  }, 60_000);
});
