// A reminder greets a private person by name ("Guten Tag Anna Schmidt,"), a firm's contact person named
// with "Frau"/"Herr" as such ("Sehr geehrte Frau Weber,"), any other firm "Sehr geehrte Damen und Herren,";
// a firm's own text stays as written. The seller's officers are labelled by its legal form: a sole trader's
// owner is its "Inhaber", never its "Geschäftsführer", on the PDF and in the e-mail's signature.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_LEVELS_EN } from '../../src/modules/dunning/policy';
import { FakeClock } from '../../src/shared/clock';
import { documentBody } from '../document-factories';
import { makeAccount, makeBusinessProfile, makeCustomer, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { inspectPdf } from '../pdf-tools';
import { TestSmtp } from '../smtp';

let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await TestSmtp.start();
  const clock = new FakeClock(new Date('2026-12-20T09:00:00.000Z'));
  server = await startServer({
    clock,
    smtpUrl: smtp.url({ from: 'billing@invoices.example' }),
    startJobs: false,
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
let seq = 0;

async function setup(
  seller: { legal_name: string; managing_directors?: string },
  customer: Record<string, unknown>,
  locale = 'de-DE',
) {
  const account: TestAccount = await makeAccount(server);
  const biz = await makeBusinessProfile(server, account, {
    ...seller,
    email: 'post@seller.example',
    default_locale: locale,
    address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    bank_account: { iban: 'DE89 3704 0044 0532 0130 00' },
  });
  seq += 1;
  const email = `kunde${seq}@example.org`;
  const cus = await makeCustomer(server, account, { ...customer, email });
  const s = { profileId: biz.id, customerId: cus.id };
  const call = async (method: string, path: string, body?: unknown) =>
    await server.json(path, { method, key: account.apiKey, body });
  const created = await call('POST', '/api/v1/documents', documentBody(s));
  expect(created.status).toBe(200);
  const id = created.body.data.id as string;
  expect((await call('POST', `/api/v1/documents/${id}/finalize`)).status).toBe(200);
  return { call, id, email };
}

async function reminderMail(setupDone: Awaited<ReturnType<typeof setup>>, body?: unknown) {
  const res = await setupDone.call('POST', `/api/v1/documents/${setupDone.id}/reminders`, body);
  expect(res.body.error ?? null).toBeNull();
  await server.jobs.runDue();
  const mail = smtp.messages.find((m) => m.envelope.to.includes(setupDone.email));
  if (!mail) throw new Error('no reminder mail');
  const letter = await inspectPdf(new Uint8Array(mail.parsed.attachments[0]?.content ?? []));
  const invoice = await inspectPdf(new Uint8Array(mail.parsed.attachments[1]?.content ?? []));
  return { text: mail.parsed.text ?? '', letter: plain(letter.text), invoice: plain(invoice.text) };
}

describe('the salutation of a reminder', () => {
  test('a private person is greeted by name, in the e-mail and the letter, in German', async () => {
    const s = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Anna Schmidt' });
    const mail = await reminderMail(s);
    expect(mail.text).toStartWith('Guten Tag Anna Schmidt,\n');
    expect(mail.text).not.toContain('Damen und Herren');
    expect(mail.letter).toContain('Guten Tag Anna Schmidt, sicher ist es');
  }, 30_000);

  test('in English: "Dear Anna Schmidt," and the sentence after it capitalised', async () => {
    const s = await setup({ legal_name: 'Acme Trading Ltd' }, { name: 'Anna Schmidt' }, 'en-GB');
    const mail = await reminderMail(s);
    expect(mail.text).toStartWith('Dear Anna Schmidt,\n\nPerhaps it has escaped');
    expect(mail.text).not.toContain('Sir or Madam');
  }, 30_000);

  test('a firm is greeted "Sehr geehrte Damen und Herren", its contact named with "Frau" by name', async () => {
    const firm = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Globex GmbH' });
    expect((await reminderMail(firm)).text).toStartWith('Sehr geehrte Damen und Herren,\n');
    const contact = await setup(
      { legal_name: 'Acme Handel GmbH' },
      { name: 'Globex GmbH', contact_name: 'Buchhaltung, Frau Weber' },
    );
    expect((await reminderMail(contact)).text).toStartWith('Sehr geehrte Frau Weber,\n');
  }, 30_000);

  test("a firm's own text stays as written", async () => {
    const s = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Anna Schmidt' });
    const message =
      'Sehr geehrte Damen und Herren,\n\nbitte zahlen Sie {total}.\n\nMit freundlichen Grüßen\n{seller}';
    expect((await reminderMail(s, { message })).text).toStartWith('Sehr geehrte Damen und Herren,\n');
  }, 30_000);
});

describe("the greeting is in the language of the text after it, not the invoice's", () => {
  test('no saved policy: a French invoice gets the German default text, greeted in German', async () => {
    const s = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Globex GmbH' }, 'fr-FR');
    const mail = await reminderMail(s);
    expect(mail.text).toStartWith('Sehr geehrte Damen und Herren,\n\nsicher ist es');
    expect(mail.letter).not.toContain('Madame, Monsieur');
  }, 30_000);

  test('a saved English policy on a German invoice greets in English; the figures stay German', async () => {
    const s = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Globex GmbH' }, 'de-DE');
    const saved = await s.call('PUT', '/api/v1/dunning-policy', {
      enabled: false,
      levels: DEFAULT_LEVELS_EN,
    });
    expect(saved.status).toBe(200);
    const mail = await reminderMail(s);
    expect(mail.text).toStartWith('Dear Sir or Madam,\n\nPerhaps it has escaped');
    expect(mail.text).toMatch(/\d,\d\d\s€/u);
  }, 30_000);

  test("a one-off French text greets in French; an undecided one in the invoice's language", async () => {
    const s = await setup({ legal_name: 'Acme Handel GmbH' }, { name: 'Globex GmbH' }, 'de-DE');
    const message =
      '{salutation},\n\nnous vous rappelons que notre facture {number} reste impayée. Merci de régler {total}.\n\nCordialement\n{seller}';
    expect((await reminderMail(s, { message })).text).toStartWith('Madame, Monsieur,\n\nnous vous');
    const other = await setup({ legal_name: 'Acme Trading Ltd' }, { name: 'Globex GmbH' }, 'en-GB');
    expect((await reminderMail(other, { message: '{salutation}: {total}' })).text).toContain(
      'Dear Sir or Madam: ',
    );
  }, 30_000);

  test('a contact "Herr Hans Meier (Einkauf)" is greeted by title and surname', async () => {
    const s = await setup(
      { legal_name: 'Acme Handel GmbH' },
      { name: 'Globex GmbH', contact_name: 'Herr Hans Meier (Einkauf)' },
    );
    expect((await reminderMail(s)).text).toStartWith('Sehr geehrter Herr Meier,\n');
  }, 30_000);
});

describe("the seller's officers, by its legal form", () => {
  test('a sole trader names its "Inhaber" on the letter, the invoice and in the signature', async () => {
    const s = await setup(
      { legal_name: 'Malerbetrieb Max Weber e.K.', managing_directors: 'Max Weber' },
      { name: 'Globex GmbH' },
    );
    const mail = await reminderMail(s);
    expect(mail.text).toContain('Inhaber: Max Weber');
    expect(mail.text).not.toContain('Geschäftsführer');
    expect(mail.invoice).toContain('Inhaber: Max Weber');
    expect(mail.invoice).not.toContain('Geschäftsführer');
    expect(mail.letter).toContain('Inhaber: Max Weber');
  }, 30_000);

  test('a "Bau-GmbH" names its "Geschäftsführer", not an "Inhaber"', async () => {
    const s = await setup(
      { legal_name: 'Schmidt Bau-GmbH', managing_directors: 'Erika Muster' },
      { name: 'Globex GmbH' },
    );
    const mail = await reminderMail(s);
    expect(mail.text).toContain('Geschäftsführer: Erika Muster');
    expect(mail.invoice).toContain('Geschäftsführer: Erika Muster');
    expect(mail.invoice).not.toContain('Inhaber');
  }, 30_000);

  test('a GmbH names its "Geschäftsführer"', async () => {
    const s = await setup(
      { legal_name: 'Acme Handel GmbH', managing_directors: 'Erika Muster' },
      { name: 'Globex GmbH' },
    );
    const mail = await reminderMail(s);
    expect(mail.text).toContain('Geschäftsführer: Erika Muster');
    expect(mail.invoice).toContain('Geschäftsführer: Erika Muster');
  }, 30_000);
});
