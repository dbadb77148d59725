// SVG logos are checked at upload (element count, <use> expansion, embedded images through the pixel
// limit, no external references or scripts) and again before a render draws one stored earlier.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { insertFile } from '../../src/modules/files/repo';
import { documentBody, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';
import { LOGO_SVG } from '../rendering-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ rulesetsDir: null });
});
afterAll(() => server.stop());

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Ten levels, each drawing the previous one ten times: 10^10 elements from 2 KB. */
function nestedUse(): string {
  const levels = ['<g id="l0"><rect width="1" height="1"/></g>'];
  for (let i = 1; i <= 10; i++) {
    const uses = Array.from({ length: 10 }, () => `<use xlink:href="#l${i - 1}"/>`).join('');
    levels.push(`<g id="l${i}">${uses}</g>`);
  }
  return `<svg ${NS} width="10" height="10"><defs>${levels.join('')}</defs><use xlink:href="#l10"/></svg>`;
}

/** A PNG header declaring width x height (all a size check reads). */
function pngHeader(width: number, height: number): string {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes.toString('base64');
}

const HOSTILE: [string, string, string][] = [
  ['nested <use> (a billion laughs in 2 KB)', nestedUse(), '<use>'],
  [
    'a 20000x20000 PNG as a data: image',
    `<svg ${NS} width="10" height="10"><image width="10" height="10" xlink:href="data:image/png;base64,${pngHeader(20000, 20000)}"/></svg>`,
    'pixels',
  ],
  [
    'an external image',
    `<svg ${NS}><image href="file:///etc/passwd" width="1" height="1"/></svg>`,
    'refer to',
  ],
  [
    'a web font or stylesheet',
    `<svg ${NS}><style>@import url(http://x.example/a.css);</style></svg>`,
    'refer to',
  ],
  ['a script', `<svg ${NS}><script>alert(1)</script></svg>`, 'scripts'],
  ['an element using itself', `<svg ${NS}><g id="a"><use href="#a"/></g></svg>`, 'inside itself'],
];

async function upload(account: TestAccount, path: string, svg: string) {
  const form = new FormData();
  form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('SVG logos', () => {
  for (const [name, svg, message] of HOSTILE) {
    test(`${name} is refused at upload, as a file and as a branding logo`, async () => {
      const account = await makeAccount(server);
      const asFile = await upload(account, '/api/v1/files', svg);
      expect(asFile.status).toBe(422);
      expect(asFile.body.error.details.fields[0]).toMatchObject({ loc: 'body.file', type: 'invalid_image' });
      expect(asFile.body.error.details.fields[0].msg).toContain(message);
      const profile = (
        await server.json('/api/v1/branding-profiles', {
          method: 'POST',
          key: account.apiKey,
          body: { name: 'B' },
        })
      ).body.data;
      expect((await upload(account, `/api/v1/branding-profiles/${profile.id}/logo`, svg)).status).toBe(422);
    });
  }

  test('an ordinary SVG logo (text, shapes, gradients by #id) is accepted', async () => {
    const account = await makeAccount(server);
    const res = await upload(account, '/api/v1/files', new TextDecoder().decode(LOGO_SVG));
    expect(res.status).toBe(200);
    expect(res.body.data.content_type).toBe('image/svg+xml');
  });

  test('a hostile SVG stored before the checks existed is left out of the PDF without the server growing', async () => {
    const account = await makeAccount(server);
    const svg = new TextEncoder().encode(nestedUse());
    const id = `fil_old${Date.now()}`;
    const blobKey = `files/${account.id}/${id}`;
    await server.deps.blobs.put(blobKey, svg, 'image/svg+xml');
    await insertFile(server.db, {
      id,
      accountId: account.id,
      filename: 'old.svg',
      contentType: 'image/svg+xml',
      sizeBytes: svg.byteLength,
      blobKey,
      createdBy: null,
      createdAt: new Date().toISOString(),
    });
    const parties = await makeParties(server, account);
    const patched = await server.json(`/api/v1/business-profiles/${parties.profileId}`, {
      method: 'PATCH',
      key: account.apiKey,
      body: { logo_file_id: id },
    });
    expect(patched.status).toBe(200);
    const doc = (
      await server.json('/api/v1/documents', {
        method: 'POST',
        key: account.apiKey,
        body: documentBody(parties),
      })
    ).body.data;
    await server.json(`/api/v1/documents/${doc.id}/finalize`, { method: 'POST', key: account.apiKey });
    const rssBefore = process.memoryUsage.rss();
    const render = await server.json(`/api/v1/documents/${doc.id}/renders`, {
      method: 'POST',
      key: account.apiKey,
      body: {},
    });
    expect(render.status).toBe(200);
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(300 * 1024 * 1024);
  });
});
