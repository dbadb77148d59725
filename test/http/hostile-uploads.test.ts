// Hostile uploads (POST /files and branding logos) beyond what files.test.ts and branding-profiles.test.ts
// cover: bytes that start like a PNG but are not one, a PNG header declaring enormous dimensions, names
// with `../` and NUL, and JSON nested too deep for any body. Each is a clear 4xx and stores nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeDocument, makeParties } from '../document-factories';
import { makeAccount, type TestAccount } from '../factories';
import { dataFingerprint } from '../fuzz/fingerprint';
import { damagedPng, FAKE_PNG, pngDeclaring } from '../fuzz/images';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let account: TestAccount;
let brandingId: string;

beforeAll(async () => {
  server = await startServer({ startJobs: false });
  account = await makeAccount(server);
  const branding = await server.json('/api/v1/branding-profiles', {
    method: 'POST',
    key: account.apiKey,
    body: { name: 'Hostile brand' },
  });
  brandingId = branding.body.data.id;
});
afterAll(() => server.stop());

async function upload(path: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.apiKey}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const UPLOAD_PATHS = () => ['/api/v1/files', `/api/v1/branding-profiles/${brandingId}/logo`];

describe('hostile uploads', () => {
  test('the PNG signature then garbage: a 422 as a logo; as a plain file it is stored, but not as a PNG', async () => {
    const before = dataFingerprint(server);
    const logo = await upload(`/api/v1/branding-profiles/${brandingId}/logo`, FAKE_PNG, 'logo.png');
    expect(logo.status).toBe(422);
    expect(logo.body.error.code).toBe('unprocessable_entity');
    expect(logo.body.error.details.fields.map((f: any) => f.loc)).toEqual(['body.file']);
    expect(dataFingerprint(server)).toBe(before);
    const plain = await upload('/api/v1/files', FAKE_PNG, 'logo.png');
    expect(plain.status).toBe(200);
    expect(plain.body.data.content_type).toBe('application/octet-stream');
  });

  test('a PNG whose header declares 0 x 0 pixels: 422 at body.file on both routes, nothing stored', async () => {
    for (const path of UPLOAD_PATHS()) {
      const before = dataFingerprint(server);
      const res = await upload(path, pngDeclaring(0, 0), 'empty.png');
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: any) => f.loc)).toEqual(['body.file']);
      expect(dataFingerprint(server)).toBe(before);
    }
  });

  test('a PNG declaring 100000 x 100000 pixels: 422 naming the limit on both routes, nothing stored', async () => {
    for (const path of UPLOAD_PATHS()) {
      const before = dataFingerprint(server);
      const res = await upload(path, pngDeclaring(100_000, 100_000), 'huge.png');
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body.file' });
      expect(res.body.error.details.fields[0].msg).toContain('100000x100000');
      expect(dataFingerprint(server)).toBe(before);
    }
    const profile = await server.json(`/api/v1/branding-profiles/${brandingId}`, { key: account.apiKey });
    expect(profile.body.data.logo_file_id).toBeNull();
  });

  test('an ordinary PNG built the same way is accepted, so the refusals above are about the bytes', async () => {
    const res = await upload('/api/v1/files', pngDeclaring(40, 20), 'ok.png');
    expect(res.status).toBe(200);
    expect(res.body.data.content_type).toBe('image/png');
  });

  test('a PNG whose image data is damaged (a checksum wrong, a stream that does not inflate, rows missing): 422, nothing stored', async () => {
    for (const [kind, words] of [
      ['checksum', "IDAT chunk's checksum does not match"],
      ['stream', 'does not decompress'],
      ['short', 'does not decompress'],
    ] as const) {
      for (const path of UPLOAD_PATHS()) {
        const before = dataFingerprint(server);
        const res = await upload(path, damagedPng(kind), `${kind}.png`);
        expect(res.status).toBe(422);
        expect(res.body.error.details.fields[0]).toMatchObject({ loc: 'body.file', type: 'invalid_image' });
        expect(res.body.error.details.fields[0].msg).toContain(words);
        expect(dataFingerprint(server)).toBe(before);
      }
    }
    // Interlaced (Adam7) and palette PNGs as image programs write them pass.
    const ok = await upload('/api/v1/files', pngDeclaring(40, 20), 'ok.png');
    expect(ok.status).toBe(200);
  });

  test('names with ../ and NUL: stored under the id, the shown name cleaned, nothing outside the blob dir', async () => {
    const before = dataFingerprint(server);
    const res = await upload('/api/v1/files', pngDeclaring(4, 4), '../../\u0000evil\u0000.png');
    expect(res.status).toBe(200);
    expect(res.body.data.filename).toBe('evil.png');
    const added = dataFingerprint(server)
      .split('\n')
      .filter((line) => !before.split('\n').includes(line) && line.includes('/'));
    expect(added).toEqual([`blobs/files/${account.id}/${res.body.data.id}`]);
  });

  test('JSON nested 100,000 deep is a 400 on any route, not a stack overflow; 64 levels still reach validation', async () => {
    for (const path of [
      '/api/v1/customers',
      '/api/v1/documents/calculate',
      `/api/v1/branding-profiles/${brandingId}`,
    ]) {
      const res = await server.json(path, {
        method: path.includes('branding') ? 'PATCH' : 'POST',
        key: account.apiKey,
        body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      });
      expect(res.status).toBe(400);
      // Refused by the front door's depth scan, before JSON.parse could recurse into it.
      expect(res.body.error).toMatchObject({
        status: 400,
        code: 'bad_request',
        message: 'JSON in the request body is nested deeper than 64 levels',
      });
    }
    // The limit is exactly 64 levels: 64 reach validation (a 422 about the body's shape), 65 do not.
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const at64 = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: nested(64),
    });
    expect(at64.status).toBe(422);
    const at65 = await server.json('/api/v1/customers', {
      method: 'POST',
      key: account.apiKey,
      body: nested(65),
    });
    expect([at65.status, at65.body.error.message]).toEqual([
      400,
      'JSON in the request body is nested deeper than 64 levels',
    ]);
    // A realistic body, nested a few levels, still passes.
    const parties = await makeParties(server, account);
    await makeDocument(server, account, parties);
  });
});
