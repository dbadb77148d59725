// Hostile files in the inbox folder (issue 25, section 1): links are never followed (neither to read a file
// nor to write an error file), processed/ and failed/ as links stop the service from starting, a file larger
// than an HTTP body is refused before it is read, an error file never repeats the file's content, and the
// folder's checks wait for the account's place in the official rules instead of failing.
import { afterEach, describe, expect, test } from 'bun:test';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeAccount } from '../factories';
import { startServer, type TestServer, tempDir } from '../harness';
import { OFFICIAL_RULESETS } from '../rule-pack-fixture';

const UBL = readFileSync(join(OFFICIAL_RULESETS, 'examples/xrechnung_ubl/01.01a-INVOICE_ubl.xml'), 'utf8');
const SECRET = 'geheim-Signierschluessel-4711';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Lets the server's job runtime take every waiting file, then answers what failed/ holds. */
async function settle(dir: string, name: string) {
  for (let i = 0; i < 400 && existsSync(join(dir, name)); i++) await Bun.sleep(25);
  for (
    let i = 0;
    i < 400 && !readdirSync(dir).includes('processed') && !readdirSync(dir).includes('failed');
    i++
  ) {
    await Bun.sleep(25);
  }
}

const errorFileOf = (dir: string, name: string) => {
  const failed = join(dir, 'failed');
  const found = readdirSync(failed).find(
    (f) => f.startsWith(name) && f.endsWith('.error.txt') && !lstatSync(join(failed, f)).isSymbolicLink(),
  );
  return found ? readFileSync(join(failed, found), 'utf8') : null;
};

describe('the inbox folder follows no link', () => {
  test('a link dropped in the folder is not read: moved to failed/ with a reason that repeats nothing of its target', async () => {
    const dir = tempDir('inbox-');
    const outside = join(tempDir('outside-'), 'secret.txt');
    writeFileSync(outside, `${SECRET}\n`);
    symlinkSync(outside, join(dir, 'evil.xml'));
    server = await startServer({ inboxDir: dir });
    await makeAccount(server);
    await settle(dir, 'evil.xml');
    const reason = errorFileOf(dir, 'evil.xml');
    expect(reason).toContain('symbolic link');
    expect(reason).not.toContain(SECRET);
    expect(lstatSync(join(dir, 'failed', 'evil.xml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe(`${SECRET}\n`);
  });

  test('an error file planted as a link is not written through: the reason goes to a new file', async () => {
    const dir = tempDir('inbox-');
    const victim = join(tempDir('outside-'), 'signing-secret');
    writeFileSync(victim, SECRET);
    mkdirSync(join(dir, 'failed'));
    symlinkSync(victim, join(dir, 'failed', 'bad.xml.error.txt'));
    writeFileSync(join(dir, 'bad.xml'), '<Order xmlns="urn:example:order"/>');
    server = await startServer({ inboxDir: dir });
    await makeAccount(server);
    await settle(dir, 'bad.xml');
    for (let i = 0; i < 200 && errorFileOf(dir, 'bad.xml') === null; i++) await Bun.sleep(25);
    expect(readFileSync(victim, 'utf8')).toBe(SECRET);
    expect(errorFileOf(dir, 'bad.xml')).toContain('is no e-invoice this service reads');
  });

  test('processed/ or failed/ as a link: the service refuses to start, naming it', async () => {
    for (const sub of ['processed', 'failed']) {
      const dir = tempDir('inbox-');
      symlinkSync(tempDir('elsewhere-'), join(dir, sub));
      const dataDir = tempDir('data-');
      await expect(startServer({ inboxDir: dir, dataDir })).rejects.toThrow(
        `${join(dir, sub)} is a symbolic link`,
      );
    }
  });
});

describe('the inbox folder reads only what an HTTP body may be', () => {
  test('a file larger than MAX_BODY_BYTES is refused before it is read, naming the limit', async () => {
    const dir = tempDir('inbox-');
    const big = join(dir, 'huge.xml');
    writeFileSync(big, '<x/>');
    truncateSync(big, 10 * 1024 * 1024 + 1); // sparse: no disk, and never read
    server = await startServer({ inboxDir: dir });
    await makeAccount(server);
    await settle(dir, 'huge.xml');
    for (let i = 0; i < 200 && errorFileOf(dir, 'huge.xml') === null; i++) await Bun.sleep(25);
    expect(errorFileOf(dir, 'huge.xml')).toContain(
      `It is ${10 * 1024 * 1024 + 1} bytes, larger than the ${10 * 1024 * 1024}-byte limit (MAX_BODY_BYTES): it was not read`,
    );
  });

  test("an error file names the problem, never the file's words", async () => {
    const dir = tempDir('inbox-');
    writeFileSync(join(dir, 'leak.xml'), `<${SECRET}-Wurzel xmlns="urn:${SECRET}"/>`);
    server = await startServer({ inboxDir: dir });
    await makeAccount(server);
    await settle(dir, 'leak.xml');
    for (let i = 0; i < 200 && errorFileOf(dir, 'leak.xml') === null; i++) await Bun.sleep(25);
    const reason = errorFileOf(dir, 'leak.xml') ?? '';
    expect(reason).toContain('is no e-invoice this service reads');
    expect(reason).not.toContain('geheim');
  });
});

describe("the inbox folder waits for the account's place in the official rules", () => {
  test("with the account's places taken, a file waits (not failed) and is kept once a place frees", async () => {
    const dir = tempDir('inbox-');
    server = await startServer({ inboxDir: dir, complianceChecksPerAccount: 1 });
    const owner = await makeAccount(server);
    let release = () => {};
    const holding = server.deps.complianceGate.hold(owner.id, () => new Promise<void>((r) => (release = r)));
    writeFileSync(join(dir, 'rechnung.xml'), UBL);
    // The job has read the file and is in line for the account's place: the gate has a waiter.
    const gate = server.deps.complianceGate;
    for (let i = 0; i < 400 && gate.waitingFor(owner.id) === 0; i++) await Bun.sleep(25);
    expect(gate.waitingFor(owner.id)).toBe(1);
    expect(existsSync(join(dir, 'failed'))).toBe(false);
    release();
    await holding;
    for (let i = 0; i < 400 && !existsSync(join(dir, 'processed', 'rechnung.xml')); i++) await Bun.sleep(25);
    expect(existsSync(join(dir, 'processed', 'rechnung.xml'))).toBe(true);
    const kept = await server.json('/api/v1/received-documents', { key: owner.apiKey });
    expect(kept.body.data.map((d: { invoice_number: string }) => d.invoice_number)).toEqual(['123456XX']);
  });
});
