// Four embedded families, the names people type for them, and Greek and Cyrillic drawn in every one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { pdfFonts, pdfPagesText, savePdf } from '../rendering-fixtures';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const FAMILIES: [string, string][] = [
  ['Noto Sans', 'NotoSans'],
  ['Noto Serif', 'NotoSerif'],
  ['Noto Sans Mono', 'NotoSansMono'],
  ['Inter', 'Inter'],
];

const data = (fontFamily: string) => ({
  invoice_number: 'F-1',
  issue_date: '2026-11-02',
  currency: 'EUR',
  seller: { name: 'Ελληνικά Εργαστήρια' },
  buyer: { name: 'Кириллица и сыновья' },
  line_items: [
    { name: 'Λογότυπο / Логотип', quantity: '1', unit_price: '5.00', taxes: [{ rate: '19', category: 'S' }] },
  ],
  branding: { font_family: fontFamily },
});

const template = (config: Record<string, unknown>) =>
  server.json('/api/v1/templates/custom', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'T', config },
  });

describe('font families', () => {
  test('GET /reference/fonts lists the four embedded families with the names each accepts', async () => {
    const res = await server.json('/api/v1/reference/fonts');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.map((f: any) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['Inter', 'Noto Sans', 'Noto Sans Mono', 'Noto Serif']);
    expect(byName['Noto Sans'].aliases).toEqual(expect.arrayContaining(['Helvetica', 'Arial', 'sans-serif']));
    expect(byName['Noto Serif'].aliases).toEqual(
      expect.arrayContaining(['Times', 'Times New Roman', 'Georgia', 'Garamond', 'serif']),
    );
    expect(byName['Noto Sans Mono'].aliases).toEqual(
      expect.arrayContaining(['Courier', 'Courier New', 'monospace']),
    );
    for (const f of res.body.data) expect(f.scripts).toEqual(expect.arrayContaining(['Greek', 'Cyrillic']));
  });

  test.each([
    ['Helvetica', 'Noto Sans'],
    ['arial', 'Noto Sans'],
    ['sans-serif', 'Noto Sans'],
    ['Georgia', 'Noto Serif'],
    ['Times New Roman', 'Noto Serif'],
    ['Garamond', 'Noto Serif'],
    ['serif', 'Noto Serif'],
    ['Courier New', 'Noto Sans Mono'],
    ['monospace', 'Noto Sans Mono'],
    ['"Georgia", serif', 'Noto Serif'],
    ['Inter', 'Inter'],
  ])('a template with font_family %s answers the family drawn: %s', async (typed, drawn) => {
    const res = await template({ font_family: typed });
    expect(res.status).toBe(201);
    expect(res.body.data.config.font_family).toBe(drawn);
  });

  test('an unknown family is a 422 that lists the choices, for templates, branding profiles and document data', async () => {
    const res = await template({ font_family: 'Comic Sans' });
    expect(res.status).toBe(422);
    const field = res.body.error.details.fields[0];
    expect(field.loc).toBe('body.config.font_family');
    expect(field.msg).toContain('Noto Serif');
    expect(field.msg).toContain('Courier');
    const profile = await server.json('/api/v1/branding-profiles', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'P', font_family: 'Comic Sans' },
    });
    expect(profile.status).toBe(422);
    const good = await server.json('/api/v1/branding-profiles', {
      method: 'POST',
      key: account.apiKey,
      body: { name: 'P', font_family: 'Georgia' },
    });
    expect(good.body.data.font_family).toBe('Noto Serif');
    const render = await server.json('/api/v1/documents/render', {
      method: 'POST',
      key: account.apiKey,
      body: { data: data('Comic Sans') },
    });
    expect(render.status).toBe(422);
    expect(render.body.error.details.fields[0].loc).toBe('body.data.branding.font_family');
  });

  test.each(FAMILIES)(
    '%s draws Greek and Cyrillic (never empty boxes) with its own embedded face',
    async (family, postscript) => {
      const res = await server.request('/api/v1/documents/render', {
        method: 'POST',
        key: account.apiKey,
        body: { data: data(family), output: { delivery: 'binary' } },
      });
      expect(res.status).toBe(200);
      const path = savePdf(new Uint8Array(await res.arrayBuffer()));
      const text = pdfPagesText(path).join('\n');
      for (const word of ['Ελληνικά', 'Εργαστήρια', 'Кириллица', 'сыновья', 'Λογότυπο', 'Логотип']) {
        expect(text).toContain(word);
      }
      const fonts = pdfFonts(path);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((f) => f.embedded)).toBe(true);
      expect(fonts.every((f) => f.name.replace(/^[A-Z]{6}\+/, '').startsWith(postscript))).toBe(true);
    },
  );
});
