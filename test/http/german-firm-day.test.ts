// Issue 27's "Done when", walked as one German firm's day through the API with the issue's own names: a
// fresh install's first start, the owner's set-up link and sign-in, the legal details of the business
// profile on A4, a federal authority's Leitweg-ID, finalize refusing what the buyer would reject, the
// XRechnung sent with the e-mail, a correction, another person made by the CLI, the cookie's rules and
// the lockout. One server, one data dir, in order: each step builds on the one before.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { serve } from '../../src/cli/serve';
import { loadConfig } from '../../src/config';
import { AUTHORITY, GERMAN_SELLER, germanLine as line } from '../german-firm';
import { RULESETS_DIR, runCli, startServer, type TestServer, tempDir } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';
import { runCliWithStdin, sessionCookieOf } from '../users';

const OWNER = { email: 'erika@nordlicht.example', name: 'Erika Mustermann', password: 'Nordlicht-2026!' };
const CLERK = { email: 'buchhaltung@nordlicht.example', password: 'Belege-sind-Pflicht' };

// The profile is made plain first and given its German details by PATCH, as a bookkeeper would.
const { bank_account, tax_number, registration_number, managing_directors, default_page_size, ...SELLER } =
  GERMAN_SELLER;
const GERMAN_DETAILS = {
  bank_account,
  tax_number,
  registration_number,
  managing_directors,
  default_page_size,
};
/** The authority states its Leitweg-ID as its buyer reference (its electronic address aside). */
const { electronic_address: _leitwegAddress, ...authority } = AUTHORITY;
const BUYER = {
  ...authority,
  electronic_address: { scheme: 'EM', value: 'eingang@bundesamt.example' },
  buyer_reference: '991-12345-67',
};

let smtp: TestSmtp;
let server: TestServer;
/** What the first start printed: the API key and the owner's one-time link. */
let firstStart = '';
let cookie = '';
const state: Record<string, any> = {};

beforeAll(async () => {
  smtp = await TestSmtp.start();
  // The first start on a fresh data dir, exactly as `serve` does it; then the same data dir served by the
  // test harness (with a mail server) for the rest of the day.
  const dataDir = tempDir('inv-day-');
  const lines: string[] = [];
  const stop = await serve(
    loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      RULESETS_COMPILE: 'off',
      RENDER_WORKERS: '0',
      RULESETS_DIR,
    }),
    (line) => lines.push(line),
  );
  await stop();
  firstStart = lines.join('\n');
  server = await startServer({ dataDir, smtpUrl: smtp.url({ from: 'rechnung@nordlicht.example' }) });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** A request the console makes: the session cookie and the service's own origin. */
const call = async (method: string, path: string, body?: unknown) =>
  await server.json(path, { method, body, headers: { cookie, origin: server.url } });
const fieldsOf = (res: { body: any }) =>
  res.body.error.details.fields.map((f: { loc: string }) => f.loc).sort();
const plain = (text: string) => text.replace(/\s+/g, ' ');

/** Finalizes the document (when a draft) and reads its stored PDF back. */
async function pdfOf(documentId: string, body: Record<string, unknown> = {}) {
  const current = await call('GET', `/api/v1/documents/${documentId}`);
  if (current.body.data.status === 'draft') {
    const finalized = await call('POST', `/api/v1/documents/${documentId}/finalize`);
    expect(finalized.body.error ?? null).toBeNull();
  }
  const render = await call('POST', `/api/v1/documents/${documentId}/renders`, body);
  expect(render.body.error ?? null).toBeNull();
  const pdf = await server.request(`/api/v1/renders/${render.body.data.id}/download`, {
    headers: { cookie },
  });
  expect(pdf.status).toBe(200);
  return await inspectPdf(new Uint8Array(await pdf.arrayBuffer()));
}

describe("a German firm's day", () => {
  test('first start: a Self-hosted account, an API key and a one-time link for the owner', async () => {
    expect(firstStart).toContain('on plan Self-hosted');
    const key = /sk_[A-Za-z0-9_-]+/.exec(firstStart)?.[0] ?? '';
    const link = /#\/invitation\/([A-Za-z0-9_-]+)/.exec(firstStart)?.[1] ?? '';
    expect(key).not.toBe('');
    expect(link).not.toBe('');
    const byKey = await server.json('/api/v1/auth/me', { key });
    expect(byKey.body.data.account).toMatchObject({ plan_id: 'plan_self_hosted', plan_name: 'Self-hosted' });
    state.accountId = byKey.body.data.account.id;

    const opened = await server.json(`/api/v1/invitations/${link}`);
    expect(opened.status).toBe(200);
    const accepted = await server.json(`/api/v1/invitations/${link}/accept`, {
      method: 'POST',
      body: OWNER,
    });
    expect(accepted.status).toBe(201);
  }, 60_000);

  test('the owner signs in: 201 and an HttpOnly, SameSite=Strict, Path=/ cookie, not Secure over http', async () => {
    const res = await server.request('/api/v1/sessions', {
      method: 'POST',
      body: { email: OWNER.email, password: OWNER.password },
    });
    expect(res.status).toBe(201);
    const setCookie = res.headers.get('set-cookie') ?? '';
    for (const flag of ['HttpOnly', 'SameSite=Strict', 'Path=/']) expect(setCookie).toContain(flag);
    expect(setCookie).not.toContain('Secure');
    cookie = sessionCookieOf(res.headers) ?? '';
    const me = await server.json('/api/v1/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(OWNER.email);
    expect(me.body.data.member.role).toBe('owner');
    expect(me.body.data.account.id).toBe(state.accountId);
  }, 30_000);

  test('no "Created with invoice-service" line on the install\'s own PDFs', async () => {
    const res = await server.request('/api/v1/documents/render', {
      method: 'POST',
      headers: { cookie, origin: server.url },
      body: {
        data: {
          currency: 'EUR',
          issue_date: '2026-11-20',
          seller: { name: 'Nordlicht' },
          buyer: { name: 'Café Morgenrot' },
          line_items: [{ name: 'Gutachten', quantity: '1', unit_price: '10.00' }],
        },
        output: { format: 'pdf', delivery: 'binary' },
      },
    });
    expect(res.status).toBe(200);
    const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.text).toContain('Nordlicht');
    expect(pdf.text).not.toContain('Created with invoice-service');
  }, 30_000);

  test('business profile: bank account, Steuernummer, register, directors, A4; IBAN and BIC checked', async () => {
    const made = await call('POST', '/api/v1/business-profiles', SELLER);
    expect(made.status).toBe(200);
    state.profileId = made.body.data.id;
    const bad = await call('PATCH', `/api/v1/business-profiles/${state.profileId}`, {
      bank_account: { ...GERMAN_DETAILS.bank_account, iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA DE' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('unprocessable_entity');
    expect(fieldsOf(bad)).toEqual(['body.bank_account.bic', 'body.bank_account.iban']);
    const patched = await call('PATCH', `/api/v1/business-profiles/${state.profileId}`, GERMAN_DETAILS);
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ ...GERMAN_DETAILS, tax_id: 'DE123456789' });
    expect((await call('GET', `/api/v1/business-profiles/${state.profileId}`)).body.data).toMatchObject(
      GERMAN_DETAILS,
    );
  }, 30_000);

  test("the authority's Leitweg-ID is copied into a new invoice, printed on A4 with the legal details", async () => {
    const customer = await call('POST', '/api/v1/customers', BUYER);
    expect(customer.status).toBe(200);
    expect(customer.body.data).toMatchObject({
      buyer_reference: '991-12345-67',
      einvoice_profile: 'xrechnung_ubl',
    });
    state.authorityId = customer.body.data.id;
    const doc = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0001',
      issue_date: '2026-11-20',
      delivery_date: '2026-11-18',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: state.profileId,
      customer_id: state.authorityId,
      line_items: [line()],
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data.data.buyer_reference).toBe('991-12345-67');
    state.invoiceId = doc.body.data.id;
    const finalized = await call('POST', `/api/v1/documents/${state.invoiceId}/finalize`);
    expect(finalized.body.error ?? null).toBeNull();
    expect(finalized.body.data.status).toBe('finalized');

    const pdf = await pdfOf(state.invoiceId);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([595, 842]);
    const text = plain(pdf.text);
    for (const expected of [
      'Rechnung',
      'Leistungsdatum',
      '18.11.2026',
      'DE89 3704 0044 0532 0130 00',
      'COBADEFFXXX',
      'Steuernummer 37/123/45678',
      'USt-IdNr. DE123456789',
      'HRB 123456 B, Amtsgericht Charlottenburg',
      'Erika Mustermann, Max Mustermann',
      '991-12345-67',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Created with invoice-service');
    // The profile's account is the document's payment means in the XRechnung too (BT-84, BT-86).
    const xml = await (
      await server.request(`/api/v1/documents/${state.invoiceId}/xml?profile=xrechnung_ubl`, {
        headers: { cookie },
      })
    ).text();
    expect(xml).toContain('<cbc:BuyerReference>991-12345-67</cbc:BuyerReference>');
    expect(xml).toContain('DE89370400440532013000');
  }, 60_000);

  test('an invoicing period is printed as "Leistungszeitraum"', async () => {
    const cafe = await call('POST', '/api/v1/customers', { name: 'Café Morgenrot' });
    const doc = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0002',
      issue_date: '2026-11-30',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: state.profileId,
      customer_id: cafe.body.data.id,
      invoice_period: { start_date: '2026-11-01', end_date: '2026-11-30' },
      line_items: [line({ name: 'Wartung November' })],
    });
    expect(doc.status).toBe(200);
    const text = plain((await pdfOf(doc.body.data.id)).text);
    expect(text).toContain('Leistungszeitraum');
    expect(text).toContain('01.11.2026');
    expect(text).toContain('30.11.2026');
  }, 30_000);

  test('finalize refuses a missing Leitweg-ID and an unclassified 0 % line: 422 compliance_failed, still a draft', async () => {
    const { buyer_reference: _r, ...withoutReference } = BUYER;
    const customer = await call('POST', '/api/v1/customers', { ...withoutReference, name: 'Landesamt' });
    const doc = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0003',
      issue_date: '2026-11-20',
      delivery_date: '2026-11-18',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: state.profileId,
      customer_id: customer.body.data.id,
      line_items: [line({ name: 'Fahrtkosten', unit_price: '80.00', taxes: [{ name: 'USt', rate: '0' }] })],
    });
    expect(doc.status).toBe(200);
    expect(doc.body.data.data.buyer_reference).toBeUndefined();
    const res = await call('POST', `/api/v1/documents/${doc.body.data.id}/finalize`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('compliance_failed');
    const violations = res.body.error.details.violations as {
      rule: string;
      field: string;
      message: string;
    }[];
    for (const v of violations) {
      expect(Object.keys(v).sort()).toEqual(['field', 'message', 'rule']);
      expect(v.rule).not.toBe('');
      expect(v.message).not.toBe('');
    }
    const fields = violations.map((v) => v.field);
    expect(fields).toContain('data.buyer_reference');
    expect(fields).toContain('data.line_items.0.taxes.0.category');
    const after = await call('GET', `/api/v1/documents/${doc.body.data.id}`);
    expect(after.body.data.status).toBe('draft');
    expect(after.body.data.number ?? after.body.data.data.invoice_number).toBe('RE-2026-0003');
  }, 60_000);

  test('sending by e-mail attaches the XRechnung XML named after the number beside the PDF', async () => {
    const before = smtp.messages.length;
    const sent = await call('POST', `/api/v1/documents/${state.invoiceId}/send`, {
      to: ['eingang@bundesamt.example'],
    });
    expect(sent.body.error ?? null).toBeNull();
    await server.jobs.runDue();
    let delivery = (await call('GET', `/api/v1/deliveries/${sent.body.data.id}`)).body.data;
    for (let i = 0; i < 100 && delivery.status === 'queued'; i++) {
      await Bun.sleep(50);
      delivery = (await call('GET', `/api/v1/deliveries/${sent.body.data.id}`)).body.data;
    }
    expect(delivery.error_message).toBeNull();
    expect(delivery.status).toBe('sent');
    const mail = smtp.messages[before];
    if (!mail) throw new Error('no mail received');
    const names = mail.parsed.attachments.map((a) => a.filename);
    expect(names).toEqual(['RE-2026-0001.pdf', 'RE-2026-0001.xml']);
    const xml = Buffer.from(mail.parsed.attachments[1]?.content ?? []).toString('utf8');
    expect(xml).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(xml).toContain('<cbc:BuyerReference>991-12345-67</cbc:BuyerReference>');
  }, 60_000);

  test('a credit note naming the invoice is a "Rechnungskorrektur"; a self-billed invoice (389) a "Gutschrift"', async () => {
    const credit = await call('POST', '/api/v1/documents', {
      document_type: 'credit_note',
      number: 'RK-2026-0001',
      issue_date: '2026-11-25',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: state.profileId,
      customer_id: state.authorityId,
      source_document_id: state.invoiceId,
      reason: 'Preisnachlass',
      line_items: [line({ name: 'Nachlass', unit_price: '100.00' })],
    });
    expect(credit.status).toBe(200);
    const text = plain((await pdfOf(credit.body.data.id)).text);
    expect(text).toContain('Rechnungskorrektur');
    expect(text).toContain('RE-2026-0001');
    expect(text).not.toContain('Gutschrift');

    const selfBilled = await call('POST', '/api/v1/documents', {
      number: 'GS-2026-0001',
      issue_date: '2026-11-25',
      currency: 'EUR',
      tax_scheme: 'VAT',
      type_code: '389',
      business_profile_id: state.profileId,
      customer_id: state.authorityId,
      line_items: [line()],
    });
    expect(selfBilled.status).toBe(200);
    expect(plain((await pdfOf(selfBilled.body.data.id)).text)).toContain('Gutschrift');
  }, 60_000);

  test('a construction firm: reverse charge says why no VAT is charged (§ 13b UStG), a Schlussrechnung deducts the Abschläge', async () => {
    const builder = await call('POST', '/api/v1/customers', { name: 'Bau GmbH Nord', tax_id: 'DE129273398' });
    const reverse = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0010',
      issue_date: '2026-11-26',
      delivery_date: '2026-11-20',
      currency: 'EUR',
      tax_scheme: 'VAT',
      business_profile_id: state.profileId,
      customer_id: builder.body.data.id,
      line_items: [line({ name: 'Estrich', taxes: [{ name: 'USt', rate: '0', category: 'AE' }] })],
    });
    expect(reverse.status).toBe(200);
    const reverseText = plain((await pdfOf(reverse.body.data.id)).text);
    expect(reverseText).toContain('Steuerschuldnerschaft des Leistungsempfängers');

    const final = await call('POST', '/api/v1/documents', {
      number: 'RE-2026-0011',
      issue_date: '2026-11-27',
      delivery_date: '2026-11-27',
      currency: 'EUR',
      tax_scheme: 'VAT',
      type_code: '877',
      prepaid_amount: '100.00',
      business_profile_id: state.profileId,
      customer_id: state.authorityId,
      line_items: [line({ name: 'Rohbau, Schlussrechnung' })],
    });
    expect(final.status).toBe(200);
    expect(final.body.data.data.type_code).toBe('877');
    const finalText = plain((await pdfOf(final.body.data.id)).text);
    expect(finalText).toContain('Schlussrechnung');
    expect(finalText).toMatch(/-100,00\s?€/);
  }, 60_000);

  test('`users create` makes a colleague who signs in; a cookie write from another origin is 403', async () => {
    const made = runCliWithStdin(
      [
        'users',
        'create',
        '--account',
        state.accountId,
        '--email',
        CLERK.email,
        '--role',
        'member',
        '--password-stdin',
        '--json',
      ],
      `${CLERK.password}\n`,
      { DATA_DIR: server.dataDir },
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).user.id).toMatch(/^usr_/);
    const res = await server.request('/api/v1/sessions', {
      method: 'POST',
      body: { email: CLERK.email, password: CLERK.password },
    });
    expect(res.status).toBe(201);
    const clerk = sessionCookieOf(res.headers) ?? '';
    const me = await server.json('/api/v1/auth/me', { headers: { cookie: clerk } });
    expect(me.body.data.member.role).toBe('member');
    const foreign = await server.json('/api/v1/customers', {
      method: 'POST',
      headers: { cookie: clerk, origin: 'https://evil.example' },
      body: { name: 'Fremd' },
    });
    expect(foreign.status).toBe(403);
    const own = await server.json('/api/v1/customers', {
      method: 'POST',
      headers: { cookie: clerk, origin: server.url },
      body: { name: 'Eigen' },
    });
    expect(own.status).toBe(200);
    // The CLI's link variant, into another workspace: no password given, a one-time link printed.
    const branch = await call('POST', '/api/v1/workspaces', { name: 'Zweigstelle Potsdam' });
    expect(branch.status).toBe(200);
    const linked = runCli(
      [
        'users',
        'create',
        '--account',
        state.accountId,
        '--email',
        'azubi@nordlicht.example',
        '--role',
        'member',
        '--workspace',
        branch.body.data.id,
        '--json',
      ],
      { DATA_DIR: server.dataDir },
    );
    expect(linked.code).toBe(0);
    const trainee = JSON.parse(linked.stdout);
    expect(trainee.member).toMatchObject({ workspace_id: branch.body.data.id, role: 'member' });
    expect(trainee.set_password_url).toMatch(/#\/invitation\/[A-Za-z0-9_-]+$/);
  }, 60_000);

  test('signing out ends the session: the same cookie is 401 afterwards', async () => {
    const out = await server.request('/api/v1/sessions/current', {
      method: 'DELETE',
      headers: { cookie, origin: server.url },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await server.json('/api/v1/auth/me', { headers: { cookie } })).status).toBe(401);
  }, 30_000);

  test('ten wrong passwords lock the email: 429 with Retry-After, even for the right password', async () => {
    for (let i = 1; i <= 10; i++) {
      const wrong = await server.json('/api/v1/sessions', {
        method: 'POST',
        body: { email: OWNER.email, password: `falsch ${i}` },
      });
      expect([i, wrong.status]).toEqual([i, 401]);
    }
    const locked = await server.json('/api/v1/sessions', {
      method: 'POST',
      body: { email: OWNER.email, password: OWNER.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('rate_limited');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});
