import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { Value } from '@sinclair/typebox/value';
import { t } from 'elysia';
import { ConfigError, loadConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { presentedApiKey } from '../../src/http/credentials';
import { requestFingerprint } from '../../src/http/idempotency';
import { MethodMatcher } from '../../src/http/method-matcher';
import { TokenBucketLimiter } from '../../src/http/rate-limit';
import { toFieldErrors, toLoc } from '../../src/http/validation';
import { FakeClock } from '../../src/shared/clock';
import { ulidBody } from '../../src/shared/ids';
import { encodeCursor, readPageRequest, toPage } from '../../src/shared/pagination';

describe('config', () => {
  test('defaults', () => {
    const config = loadConfig({}, {}, '/srv');
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/data', logLevel: 'info' });
    expect(config.publicBaseUrl).toBeNull();
    expect(config.rulesetsCompile).toBe(true);
  });

  test('RULESETS_COMPILE=off turns the background rules compile off', () => {
    expect(loadConfig({ RULESETS_COMPILE: 'off' }).rulesetsCompile).toBe(false);
    expect(loadConfig({}, { 'rulesets-compile': 'background' }).rulesetsCompile).toBe(true);
  });

  test('flags override env', () => {
    const config = loadConfig({ PORT: '9000', DATA_DIR: '/a' }, { port: '9100', 'data-dir': '/b' });
    expect(config.port).toBe(9100);
    expect(config.dataDir).toBe('/b');
  });

  test('PUBLIC_BASE_URL keeps a path prefix and drops the trailing slash', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://inv.example.com/api/' }).publicBaseUrl).toBe(
      'https://inv.example.com/api',
    );
  });

  test.each([
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ LOG_LEVEL: 'chatty' }, /LOG_LEVEL/],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, /PUBLIC_BASE_URL/],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL/],
    [{ SIGNING_SECRET: 'short' }, /SIGNING_SECRET/],
    [{ RULESETS_COMPILE: 'yes' }, /RULESETS_COMPILE/],
    [{ IMAP_URL: 'pop3://u:p@mail.example.com' }, /IMAP_URL must use imaps/],
    [{ IMAP_URL: 'imaps://mail.example.com/INBOX' }, /IMAP_URL must name a host, a user and a password/],
    [{ IMAP_URL: 'imaps://u:p@mail.example.com', IMAP_POLL_SECONDS: '0' }, /IMAP_POLL_SECONDS/],
    [{ IMAP_URL: 'imap://u:p@mail.example.com', IMAP_ALLOW_PLAIN: 'yes' }, /IMAP_ALLOW_PLAIN/],
  ])('rejects %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  test("a mail intake's companion without its main setting stops start-up (a misspelt IMAP_URL or INBOX_DIR left the intake off without a word)", () => {
    expect(() => loadConfig({ IMAP_ACCOUNT: 'acc_1' })).toThrow(
      new ConfigError('IMAP_ACCOUNT is set but IMAP_URL is not: set IMAP_URL, or unset IMAP_ACCOUNT'),
    );
    expect(() => loadConfig({ IMAP_POLL_SECONDS: '30', IMAP_ALLOW_PLAIN: 'true' })).toThrow(
      'IMAP_POLL_SECONDS, IMAP_ALLOW_PLAIN are set but IMAP_URL is not',
    );
    expect(() => loadConfig({ INBOX_ACCOUNT: 'acc_1' })).toThrow('INBOX_ACCOUNT is set but INBOX_DIR is not');
    // With their main setting, or none of them: as before.
    expect(loadConfig({}).imap).toBeNull();
    expect(loadConfig({ INBOX_DIR: '/srv/inbox', INBOX_ACCOUNT: 'acc_1' }).inboxAccount).toBe('acc_1');
  });

  test('IMAP_URL: the mailbox, its folder and the STARTTLS rule; a refused value is never echoed', () => {
    const imap = loadConfig({
      IMAP_URL: 'imaps://rechnung%40firma.de:p%40ss%2Fw0rd@mail.firma.de/Rechnungen%20Eingang',
      IMAP_ACCOUNT: 'acc_1',
    }).imap;
    expect(imap).toEqual({
      host: 'mail.firma.de',
      port: 993,
      secure: true,
      allowPlain: false,
      user: 'rechnung@firma.de',
      password: 'p@ss/w0rd',
      mailbox: 'Rechnungen Eingang',
      accountId: 'acc_1',
      pollSeconds: 60,
    });
    const plain = loadConfig({ IMAP_URL: 'imap://u:pw@127.0.0.1:1143', IMAP_ALLOW_PLAIN: 'true' }).imap;
    expect(plain).toMatchObject({ port: 1143, secure: false, allowPlain: true, mailbox: 'INBOX' });
    expect(loadConfig({}).imap).toBeNull();
    try {
      loadConfig({ IMAP_URL: 'imaps://user:hunter2-secret@' });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).not.toContain('hunter2-secret');
    }
  });
});

describe('migrations', () => {
  test('apply once, then nothing to do', () => {
    const sqlite = new Database(':memory:');
    expect(migrate(sqlite).applied.length).toBeGreaterThan(0);
    expect(migrate(sqlite).applied).toEqual([]);
    const tables = sqlite.query("SELECT name FROM sqlite_master WHERE type='table'").all() as {
      name: string;
    }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['accounts', 'api_keys', 'plans']));
  });

  test('a failing migration leaves nothing half-applied', () => {
    const sqlite = new Database(':memory:');
    const broken = [
      {
        tag: 'ok',
        createdAt: 1,
        sql: 'CREATE TABLE a (id TEXT);--> statement-breakpoint\nCREATE TABLE b (id TEXT);',
      },
      { tag: 'bad', createdAt: 2, sql: 'CREATE TABLE c (id TEXT);--> statement-breakpoint\nNOT SQL;' },
    ];
    expect(() => migrate(sqlite, broken)).toThrow();
    const tables = sqlite
      .query("SELECT name FROM sqlite_master WHERE type='table' AND name IN ('a','b','c')")
      .all();
    expect(tables).toEqual([]);
  });
});

describe('credentials', () => {
  test('three forms, header preferred over nothing, blank means none', () => {
    expect(presentedApiKey(new Headers({ authorization: 'Bearer sk_a' }))).toBe('sk_a');
    expect(presentedApiKey(new Headers({ authorization: 'sk_b' }))).toBe('sk_b');
    expect(presentedApiKey(new Headers({ 'x-api-key': 'sk_c' }))).toBe('sk_c');
    expect(presentedApiKey(new Headers({ authorization: '   ' }))).toBeNull();
    expect(presentedApiKey(new Headers())).toBeNull();
  });
});

describe('token bucket', () => {
  test('allows a one-second burst, then refills at the plan rate', async () => {
    const clock = new FakeClock();
    const limiter = new TokenBucketLimiter(clock);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await limiter.take('k', 3));
    expect(taken.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(taken[0]?.remaining).toBe(2);
    expect(taken[3]?.retryAfterSeconds).toBe(1);
    clock.advance(340);
    expect((await limiter.take('k', 3)).allowed).toBe(true); // one token back after a third of a second
    clock.advance(1);
    expect((await limiter.take('k', 3)).allowed).toBe(false);
    expect((await limiter.take('other', 3)).allowed).toBe(true);
  });

  test('a clock set back refills nothing', async () => {
    const clock = new FakeClock();
    const limiter = new TokenBucketLimiter(clock);
    expect((await limiter.take('k', 1)).allowed).toBe(true);
    clock.advance(-60_000);
    expect((await limiter.take('k', 1)).allowed).toBe(false);
  });
});

describe('validation errors', () => {
  test('JSON pointers become dotted locs', () => {
    expect(toLoc('body', '/data/line_items/0/unit_price')).toBe('body.data.line_items.0.unit_price');
    expect(toLoc('query', '/limit')).toBe('query.limit');
    expect(toLoc('body', '')).toBe('body');
  });

  test('a missing field is reported once, as missing', () => {
    const fields = toFieldErrors('body', [
      { path: '/name', type: 45, message: 'Expected required property' },
      { path: '/name', type: 54, message: 'Expected string' },
      { path: '/x', type: 42, message: 'Unexpected property' },
    ]);
    expect(fields).toEqual([
      { loc: 'body.name', msg: 'Field required', type: 'missing' },
      { loc: 'body.x', msg: 'Unknown field', type: 'extra_forbidden' },
    ]);
  });
});

describe('ids', () => {
  test('sort by creation, even within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => ulidBody(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ulidBody(1_700_000_000_001) > (ids.at(-1) ?? '')).toBe(true);
  });
});

describe('pagination', () => {
  test('cursor round trip and page shape', () => {
    const request = readPageRequest({ limit: '2', cursor: encodeCursor('doc_5') });
    expect(request).toEqual({ limit: 2, after: 'doc_5' });
    const page = toPage(
      ['doc_4', 'doc_3', 'doc_2'],
      request,
      (r) => r,
      (r) => ({ id: r }),
    );
    expect(page.data).toEqual([{ id: 'doc_4' }, { id: 'doc_3' }]);
    expect(page.pagination.has_more).toBe(true);
    expect(readPageRequest({ cursor: page.pagination.next_cursor ?? '' }).after).toBe('doc_3');
    expect(
      toPage(
        ['a'],
        { limit: 2, after: null },
        (r) => r,
        (r) => r,
      ).pagination,
    ).toEqual({
      has_more: false,
      next_cursor: null,
    });
  });
});

describe('idempotency fingerprint and 405 matching', () => {
  test('fingerprint ignores JSON spacing and key order, not values or paths', () => {
    const a = requestFingerprint('POST', 'http://h/x', '{"a":1,"b":[1,2]}');
    expect(requestFingerprint('POST', 'http://h/x', '{ "b":[1,2], "a":1 }')).toBe(a);
    expect(requestFingerprint('POST', 'http://h/x', '{"a":2,"b":[1,2]}')).not.toBe(a);
    expect(requestFingerprint('POST', 'http://h/y', '{"a":1,"b":[1,2]}')).not.toBe(a);
    expect(requestFingerprint('POST', 'http://h/x', '{"a":1,"b":[2,1]}')).not.toBe(a);
  });

  test('method matcher', () => {
    const m = new MethodMatcher([
      { method: 'GET', path: '/api/v1/things/:id' },
      { method: 'DELETE', path: '/api/v1/things/:id' },
    ]);
    expect(m.allowedMethods('/api/v1/things/abc')).toEqual(['DELETE', 'GET']);
    expect(m.allowedMethods('/api/v1/things/abc/more')).toEqual([]);
  });
});

describe('union errors', () => {
  const issue = (path: string, type: number, message: string) => ({ path, type, message });
  test('a nullable field reports the inner problem, not "Expected union value"', () => {
    const fields = toFieldErrors('body', [
      {
        ...issue('/address', 62, 'Expected union value'),
        errors: [
          [issue('/address/country', 53, "Expected string to match '^[A-Z]{2}$'")],
          [issue('/address', 35, 'Expected null')],
        ],
      },
    ]);
    expect(fields).toEqual([
      {
        loc: 'body.address.country',
        msg: "Expected string to match '^[A-Z]{2}$'",
        type: 'string_pattern_mismatch',
      },
    ]);
  });

  test("a number past its range says so, though Elysia's t.Integer also takes the number as a string", () => {
    const schema = t.Object({ level: t.Optional(t.Integer({ minimum: 1, maximum: 4 })) });
    const said = (value: unknown) => toFieldErrors('body', [...Value.Errors(schema, value)]);
    expect(said({ level: 9 })).toEqual([
      { loc: 'body.level', msg: 'Expected integer to be less or equal to 4', type: 'less_than_equal' },
    ]);
    expect(said({ level: 'nine' })).toEqual([
      { loc: 'body.level', msg: 'Expected integer', type: 'int_type' },
    ]);
    expect(said({ level: 2 })).toEqual([]);
  });

  test('an enum lists the allowed values', () => {
    const fields = toFieldErrors('query', [
      {
        ...issue('/status', 62, 'Expected union value'),
        errors: [[issue('/status', 32, "Expected 'draft'")], [issue('/status', 32, "Expected 'sent'")]],
      },
    ]);
    expect(fields).toEqual([
      { loc: 'query.status', msg: "Expected one of: 'draft', 'sent'", type: 'invalid_value' },
    ]);
  });
});
