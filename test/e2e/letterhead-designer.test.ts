// The template designer in the German console, with a branding profile made in Settings (its form always
// sends a colour): the preview is drawn as documents are, profile over template, so a colour typed in the
// designer changes nothing there. The designer says which settings the profile takes over, and where.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { openBrowser, signInGerman, type Watched, waitForText } from './browser';

let server: TestServer;
let account: TestAccount;
let browser: Watched;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server, { name: 'Studio Lichtblick' });
  browser = await openBrowser(server.url, 'de-DE');
  await signInGerman(browser.page, server.url, account.apiKey, 'Studio Lichtblick');
});
afterAll(async () => {
  await browser?.browser.close();
  await server?.stop();
});

const designer = async (id: string) => {
  await browser.page.goto(`${server.url}/#/templates/${id}`);
  await browser.page.waitForSelector('iframe[title="Vorlagenvorschau"], iframe', { timeout: 20_000 });
};

describe('designer: what the default branding profile takes over', () => {
  test('a profile left at its defaults: no note', async () => {
    const made = await server.json('/api/v1/templates/custom', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Ohne Profilwerte', config: {} },
    });
    await designer(made.body.data.id);
    await waitForText(browser.page, 'Logo für die Vorschau');
    expect(await browser.page.$('[data-testid="profile-overrides"]')).toBeNull();
  });

  test('a profile with a colour and a footer: named, in German, with where to change them', async () => {
    const profiles = await server.json('/api/v1/branding-profiles', { key: account.apiKey });
    const id = profiles.body.data[0].id;
    const patched = await server.json(`/api/v1/branding-profiles/${id}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { primary_color: '#1f4e79', footer_text: 'GLS Bank · IBAN DE89 3704 0044 0532 0130 00' },
    });
    expect(patched.status).toBe(200);
    const made = await server.json('/api/v1/templates/custom', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'Lichtblick', config: { primary_color: '#ffff99' } },
    });
    await designer(made.body.data.id);
    await waitForText(
      browser.page,
      'Das Standard-Branding-Profil „Standard“ legt fest: Hauptfarbe, Fußzeile.',
    );
    const note = await browser.page.$eval('[data-testid="profile-overrides"]', (el) => el.textContent ?? '');
    expect(note).toContain('Einstellungen → Branding-Profile');
  });
});
