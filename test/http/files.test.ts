import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { MAX_FILE_BYTES } from '../../src/modules/files';
import { makeAccount, type TestAccount } from '../factories';
import { startServer, type TestServer } from '../harness';

/** A valid 1x1 PNG and a valid 1x1 JPEG, from known bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A JPEG's header and scan, ended by its end-of-image marker (a file without one is refused as cut short). */
const JPEG_1X1 = Buffer.concat([
  Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////' +
      '////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  Buffer.from([0xff, 0xd9]),
]);

/** A PNG chunk of `type` holding `text` (its CRC left zero: nothing here checks it). */
const pngChunk = (type: string, text: string) => {
  const data = Buffer.from(text, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
};

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startServer();
  account = await makeAccount(server);
});
afterAll(() => server.stop());

const BASE = '/api/v1/files';

/** A multipart upload the way a client sends one; `type` is the client's (possibly lying) Content-Type. */
async function upload(
  target: TestServer,
  path: string,
  key: string,
  file: { bytes: Uint8Array | string; name: string; type?: string } | null,
  field = 'file',
) {
  const form = new FormData();
  if (file) form.append(field, new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  else form.append('other', 'x');
  const res = await fetch(target.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('files', () => {
  test('a PNG upload answers the File object with the sniffed type; get answers the same', async () => {
    const res = await upload(server, BASE, account.apiKey, {
      bytes: PNG_1X1,
      name: 'logo.png',
      type: 'image/png',
    });
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(Object.keys(file).sort()).toEqual(['content_type', 'created_at', 'filename', 'id', 'size_bytes']);
    expect(file).toMatchObject({
      filename: 'logo.png',
      content_type: 'image/png',
      size_bytes: PNG_1X1.length,
    });
    expect(file.id).toMatch(/^fil_/);
    const got = await server.json(`${BASE}/${file.id}`, { key: account.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(file);
  });

  test('a JPEG is recognised from its bytes', async () => {
    const res = await upload(server, BASE, account.apiKey, { bytes: JPEG_1X1, name: 'photo.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.data.content_type).toBe('image/jpeg');
  });

  test('a PNG cut short is refused at upload, naming it (a render would leave the logo out unsaid)', async () => {
    const res = await upload(server, BASE, account.apiKey, {
      bytes: PNG_1X1.subarray(0, PNG_1X1.byteLength - 20),
      name: 'cut.png',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].msg).toContain('cut short');
    // A JPEG is embedded as it is, its end marker or not; an SVG holding a whole PNG is a logo as before.
    const jpeg = await upload(server, BASE, account.apiKey, {
      bytes: JPEG_1X1.subarray(0, JPEG_1X1.byteLength - 2),
      name: 'open.jpg',
    });
    expect(jpeg.status).toBe(200);
    const big = Buffer.concat([
      PNG_1X1.subarray(0, 33),
      pngChunk('tEXt', 'Comment\0'.padEnd(400, 'x')),
      PNG_1X1.subarray(33),
    ]);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" href="data:image/png;base64,${big.toString('base64')}"/></svg>`;
    const embedded = await upload(server, BASE, account.apiKey, { bytes: svg, name: 'logo.svg' });
    expect(embedded.status).toBe(200);
  });

  test("the sniffed type wins over the client's Content-Type and extension", async () => {
    const png = await upload(server, BASE, account.apiKey, {
      bytes: PNG_1X1,
      name: 'a.txt',
      type: 'text/plain',
    });
    expect(png.body.data.content_type).toBe('image/png');
    const text = await upload(server, BASE, account.apiKey, {
      bytes: 'just some text',
      name: 'fake.png',
      type: 'image/png',
    });
    expect(text.status).toBe(200);
    expect(text.body.data.content_type).toBe('application/octet-stream');
  });

  test('an SVG is recognised after a BOM, XML declaration and comment; other XML is not an SVG', async () => {
    const svg =
      '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4"/>';
    const res = await upload(server, BASE, account.apiKey, {
      bytes: svg,
      name: 'logo.svg',
      type: 'text/plain',
    });
    expect(res.body.data.content_type).toBe('image/svg+xml');
    const xml = await upload(server, BASE, account.apiKey, {
      bytes: '<?xml version="1.0"?><root/>',
      name: 'x.svg',
    });
    expect(xml.body.data.content_type).not.toBe('image/svg+xml');
    const entities = '<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg"/>';
    const withSubset = await upload(server, BASE, account.apiKey, { bytes: entities, name: 'e.svg' });
    expect(withSubset.body.data.content_type).not.toBe('image/svg+xml');
  });

  test('a path-traversal filename is stored under the id, its name stripped to the last part', async () => {
    const before = new Set(walk(server.dataDir));
    const name = '../../etc/passwd.png';
    const res = await upload(server, BASE, account.apiKey, { bytes: PNG_1X1, name });
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file.filename).toBe('passwd.png');
    const added = walk(server.dataDir).filter(
      (path) => !before.has(path) && !/\.(db|sqlite)(-\w+)?$/.test(path),
    );
    expect(added.map((path) => relative(server.dataDir, path))).toEqual([
      join('blobs', 'files', account.id, file.id),
    ]);
    for (const base of [
      server.dataDir,
      join(server.dataDir, 'blobs'),
      join(server.dataDir, 'blobs', 'files'),
    ]) {
      expect(existsSync(resolve(base, name))).toBe(false);
    }
  });

  test('long names are cut to 255 characters and backslash paths are stripped too', async () => {
    const long = await upload(server, BASE, account.apiKey, {
      bytes: PNG_1X1,
      name: `${'a'.repeat(300)}.png`,
    });
    expect(long.body.data.filename).toHaveLength(255);
    const windows = await upload(server, BASE, account.apiKey, {
      bytes: PNG_1X1,
      name: 'C:\\Users\\x\\logo.png',
    });
    expect(windows.body.data.filename).toBe('logo.png');
  });

  test('a file over 5 MiB is a 413 in the envelope with max_bytes, and nothing is stored', async () => {
    const before = walk(server.dataDir).length;
    const res = await upload(server, BASE, account.apiKey, {
      bytes: new Uint8Array(6 * 1024 * 1024),
      name: 'big.bin',
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(res.body.error.details).toEqual({ max_bytes: MAX_FILE_BYTES });
    expect(MAX_FILE_BYTES).toBe(5 * 1024 * 1024);
    expect(walk(server.dataDir).length).toBe(before);
  });

  test('a missing `file` field is a 422 at body.file', async () => {
    const res = await upload(server, BASE, account.apiKey, null);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable_entity');
    const locs = res.body.error.details.fields.map((f: { loc: string }) => f.loc);
    expect(locs).toContain('body.file');
  });

  test('a JSON body is a 422 at body.file; a text body is a 400; both in the envelope', async () => {
    const json = await server.json(BASE, { method: 'POST', key: account.apiKey, body: { file: 'x' } });
    expect(json.status).toBe(422);
    expect(json.body.error.details.fields[0].loc).toBe('body.file');
    const text = await server.json(BASE, {
      method: 'POST',
      key: account.apiKey,
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('bad_request');
    const empty = await server.json(BASE, { method: 'POST', key: account.apiKey });
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('unprocessable_entity');
  });

  test('files are per account: another account gets 404 on get and delete', async () => {
    const other = await makeAccount(server);
    const res = await upload(server, BASE, account.apiKey, { bytes: PNG_1X1, name: 'mine.png' });
    const id = res.body.data.id;
    for (const method of ['GET', 'DELETE']) {
      const foreign = await server.json(`${BASE}/${id}`, { method, key: other.apiKey });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('not_found');
    }
    expect((await server.json(`${BASE}/${id}`, { key: account.apiKey })).status).toBe(200);
  });

  test('delete answers {deleted: true}, removes the bytes, and the file is gone after', async () => {
    const res = await upload(server, BASE, account.apiKey, { bytes: PNG_1X1, name: 'gone.png' });
    const id = res.body.data.id;
    const blob = join(server.dataDir, 'blobs', 'files', account.id, id);
    expect(existsSync(blob)).toBe(true);
    const deleted = await server.json(`${BASE}/${id}`, { method: 'DELETE', key: account.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { deleted: true } });
    expect(existsSync(blob)).toBe(false);
    expect((await server.json(`${BASE}/${id}`, { key: account.apiKey })).status).toBe(404);
    expect((await server.json(`${BASE}/${id}`, { method: 'DELETE', key: account.apiKey })).status).toBe(404);
    expect((await server.json(`${BASE}/fil_unknown`, { key: account.apiKey })).status).toBe(404);
  });
});
