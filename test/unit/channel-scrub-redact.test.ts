// The one redaction of our secrets in outside words (src/modules/deliveries/redact.ts: SMTP's password, a
// channel connection's keys) and the adapters' boundary that applies it to every channel
// (src/modules/channels/scrub.ts): each form a server may echo a secret in, and each field an adapter
// answers or throws.
import { describe, expect, test } from 'bun:test';
import {
  type ChannelAdapter,
  type ChannelConnection,
  ChannelError,
  type ChannelEvent,
} from '../../src/delivery-channel';
import { scrubbed } from '../../src/modules/channels/scrub';
import { readSmtpUrl } from '../../src/modules/deliveries';
import { redactorOf } from '../../src/modules/deliveries/redact';

const SECRET = 'sk_live_Ab+/cD=eF&gH %iJ9"kL\\mN<oP>';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('redactorOf', () => {
  const redact = redactorOf([SECRET]);

  test('the secret as it is, trimmed, and in every escaping a server writes it in', () => {
    expect(redact(`token ${SECRET} refused`)).toBe('token *** refused');
    expect(redactorOf([`  ${SECRET}\n`])(`token ${SECRET}.`)).toBe('token ***.');
    expect(redact(`?key=${encodeURIComponent(SECRET)}&x=1`)).toBe('?key=***&x=1');
    const lowerHex = encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    expect(redact(`?key=${lowerHex}`)).toBe('?key=***');
    expect(redact(`a=1&key=${new URLSearchParams({ k: SECRET }).toString().slice(2)}`)).toBe('a=1&key=***');
    expect(redact(JSON.stringify({ error: `bad ${SECRET}` }))).toBe('{"error":"bad ***"}');
    const slashes = JSON.stringify({ e: SECRET }).replaceAll('/', '\\/');
    expect(redact(slashes)).toBe('{"e":"***"}');
    expect(redact('<p>sk_live_Ab+/cD=eF&amp;gH %iJ9&quot;kL\\mN&lt;oP&gt;</p>')).toBe('<p>***</p>');
  });

  test('inside base64, whatever comes before it (Basic user:secret, AUTH PLAIN), both alphabets', () => {
    for (const user of ['', 'u', 'us', 'user', 'a-longer-user-name']) {
      for (const encode of [b64, b64url]) {
        const header = encode(`${user}:${SECRET}`);
        const out = redact(`Authorization: Basic ${header}`);
        expect(out).toContain('***');
        // What is left of the header: at most the user's part and a character or two beside the secret.
        expect(out.length).toBeLessThan(`Authorization: Basic ${encode(`${user}:`)}`.length + 3 + 4);
      }
    }
  });

  test('split across lines: a folded header, a wrapped line, JSON line breaks', () => {
    const cut = (at: number, gap: string) => `${SECRET.slice(0, at)}${gap}${SECRET.slice(at)}`;
    expect(redact(`key\n${cut(10, '\n')}\nend`)).toBe('key\n***\nend');
    expect(redact(`key ${cut(5, '\r\n  ')} end`)).toBe('key *** end');
    expect(redact(JSON.stringify({ m: cut(20, '\n') }))).toBe('{"m":"***"}');
    const wrapped = b64(`user:${SECRET}`).replace(/(.{12})/g, '$1\r\n');
    expect(redact(wrapped)).toContain('***');
    expect(redact(wrapped).replace(/\s/g, '')).not.toContain(b64(SECRET).slice(4, 20));
  });

  test('short values are no secrets; no secrets, no change; ordinary text kept', () => {
    expect(redactorOf(['abc'])('abc abcd')).toBe('abc abcd');
    expect(redactorOf([])('anything')).toBe('anything');
    expect(redactorOf(['', '   '])('  ')).toBe('  ');
    expect(redact('nothing secret here, not even sk_live_')).toBe('nothing secret here, not even sk_live_');
  });

  test('SMTP_URL uses the same redaction: its password in base64 (AUTH PLAIN) is found too', () => {
    const settings = readSmtpUrl('smtps://mailer%40example.org:hunter2-long@smtp.example.org:465');
    expect(settings.redact(`535 AUTH PLAIN ${b64('\0mailer@example.org\0hunter2-long')} refused`)).toContain(
      '***',
    );
    expect(settings.redact('auth hunter2-long refused')).toBe('auth *** refused');
  });
});

describe('scrubbed: the adapters’ boundary', () => {
  const KEY = 'key_live_0123456789abcdef';
  const TOKEN = 'oauth-token-9f8e7d6c5b4a3210';
  const raw = (body: string) => ({ contentType: 'application/json', body });
  const conn = (): ChannelConnection => ({
    baseUrl: 'https://provider.example',
    settings: {},
    secrets: { api_key: KEY },
    fetch: async () => new Response('{}'),
    now: () => new Date('2026-12-01T00:00:00Z'),
  });
  const echo = `invalid ${KEY}\u0000 \u001b[2J and token ${TOKEN}`;

  function adapter(overrides: Partial<ChannelAdapter> = {}): ChannelAdapter {
    return {
      id: 'echo',
      network: 'peppol',
      name: 'Echo',
      defaultBaseUrl: 'https://provider.example',
      settings: {} as ChannelAdapter['settings'],
      secrets: ['api_key'],
      profiles: [],
      takesPdf: false,
      receive: 'poll',
      // The call carries a token that is not among the secrets (fetched by OAuth): echoed, it is found too.
      testConnection: async (c) => {
        await c.fetch('https://provider.example/me', { headers: { Authorization: `Bearer ${TOKEN}` } });
        return { ok: false, message: echo };
      },
      send: async () => ({ providerRef: 'ref-1', state: 'submitted', raw: raw(`{"e":"${echo}"}`) }),
      ...overrides,
    };
  }

  test('every text it answers is cleaned; a receipt keeps its characters but NUL; bytes stay', async () => {
    const bytes = new TextEncoder().encode(`<Invoice>${KEY}</Invoice>`);
    const events: ChannelEvent[] = [
      { kind: 'status', providerRef: 'p1', state: 'rejected', at: null, reason: echo, raw: raw(echo) },
      { kind: 'left', providerRef: 'p2', why: echo, raw: raw(echo) },
      {
        kind: 'received',
        providerRef: 'p3',
        bytes,
        contentType: 'application/xml',
        fileName: `${KEY}.xml`,
        sender: null,
        transport: { messageId: 'm-1\u0000' },
        raw: raw(echo),
      },
    ];
    const guarded = scrubbed(
      adapter({
        diagnoseConnection: async () => ({ ok: false, message: echo, reason: 'refused' }),
        lookup: async () => ({
          reachable: false,
          invoice: false,
          creditNote: false,
          detail: echo,
          raw: raw(echo),
        }),
        poll: async () => ({ events, cursor: 'c' }),
        webhook: async () => events,
        respond: async () => raw(echo),
      }),
    );
    const all = [
      await guarded.testConnection(conn()),
      await guarded.diagnoseConnection?.(conn()),
      await guarded.lookup?.(conn(), { scheme: '0088', value: '1' }),
      await guarded.send(conn(), {} as never),
      await guarded.poll?.(conn(), null),
      await guarded.webhook?.(conn(), { headers: new Headers(), body: new Uint8Array() }),
      await guarded.respond?.(conn(), { providerRef: 'p', transport: {} }, {} as never),
    ];
    const text = JSON.stringify(all);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('\\u0000');
    expect((all[0] as { message: string }).message).toBe('invalid ***\ufffd \ufffd[2J and token ***');
    // The test connection's own call carried the token: that call's answer is cleaned of it.
    const tested = await scrubbed(
      adapter({
        testConnection: async (c) => {
          await c.fetch('https://provider.example/me', { headers: { Authorization: `Bearer ${TOKEN}` } });
          return { ok: false, message: `bad token ${TOKEN}` };
        },
      }),
    ).testConnection(conn());
    expect(tested.message).toBe('bad token ***');
    // A receipt keeps the provider's characters (the escape), not NUL nor the key.
    const polled = all[4] as { events: ChannelEvent[] };
    expect(polled.events[0]?.raw.body).toBe(`invalid ***\ufffd \u001b[2J and token ${TOKEN}`);
    const received = polled.events[2] as Extract<ChannelEvent, { kind: 'received' }>;
    expect(received.bytes).toBe(bytes);
    expect(received.fileName).toBe('***.xml');
  });

  test("a provider's identifiers stay as they came (but NUL): a short secret inside one is no reason to change it", async () => {
    // A token of four characters that is also part of the provider's ids: the words lose it, the ids keep
    // it, or the document's later statuses (asked for by its ref) would never be matched.
    const short = (): ChannelConnection => ({ ...conn(), secrets: { api_token: '2024' } });
    const guarded = scrubbed(
      adapter({
        send: async () => ({
          providerRef: 'flow-2024-0815',
          state: 'submitted',
          raw: raw('{"year":"2024"}'),
        }),
        poll: async () => ({
          cursor: null,
          events: [
            {
              kind: 'status',
              providerRef: 'flow-2024-0815',
              state: 'rejected',
              at: null,
              reason: 'token 2024 refused',
              raw: raw('{}'),
            },
            {
              kind: 'received',
              providerRef: 'in-2024',
              bytes: new Uint8Array(),
              contentType: 'application/xml',
              fileName: null,
              sender: null,
              transport: { flowId: 'flow-2024-0816' },
              raw: raw('{}'),
            },
          ],
        }),
      }),
    );
    expect((await guarded.send(short(), {} as never)).providerRef).toBe('flow-2024-0815');
    const [status, received] = (await guarded.poll?.(short(), null))?.events ?? [];
    expect(status).toMatchObject({ providerRef: 'flow-2024-0815', reason: 'token *** refused' });
    expect(received).toMatchObject({ providerRef: 'in-2024', transport: { flowId: 'flow-2024-0816' } });
  });

  test('a mail server password of a few characters is still redacted where asked (SMTP_URL, IMAP_URL)', () => {
    expect(redactorOf(['pw1'])('login pw1 refused')).toBe('login pw1 refused');
    expect(redactorOf(['pw1'], { short: true })('login pw1 refused')).toBe('login *** refused');
    expect(readSmtpUrl('smtp://u:pw1@smtp.example.org:25').redact('535 pw1 refused')).toBe('535 *** refused');
    // Standing alone only: a password `e` does not blot out (and so show) every "e" of a reply.
    expect(redactorOf(['e'], { short: true })('Error: authentication failed for e')).toBe(
      'Error: authentication failed for ***',
    );
    expect(redactorOf(['a.b'], { short: true })('pass a.b or axb')).toBe('pass *** or axb');
  });

  test('a ChannelError is cleaned in place (message, stack, receipt); anything else becomes one', async () => {
    const refusing = scrubbed(
      adapter({
        send: async () => {
          throw new ChannelError(`refused ${KEY}`, false, { status: 422, raw: raw(`{"k":"${KEY}"}`) });
        },
        testConnection: async () => {
          JSON.stringify(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`));
          return { ok: true, message: '' };
        },
      }),
    );
    const refused = await refusing.send(conn(), {} as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ChannelError);
    expect(refused).toMatchObject({ message: 'refused ***', transient: false, details: { status: 422 } });
    expect((refused as ChannelError).stack).not.toContain(KEY);
    expect((refused as ChannelError).details.raw?.body).toBe('{"k":"***"}');
    const crashed = await refusing.testConnection(conn()).catch((e: unknown) => e);
    expect(crashed).toBeInstanceOf(ChannelError);
    expect(crashed).toMatchObject({ transient: true });
    expect((crashed as Error).message).toContain('Echo: its answer could not be read (RangeError');
  });

  test('one wrapper per adapter, and wrapping a wrapper changes nothing', () => {
    const plain = adapter();
    expect(scrubbed(plain)).toBe(scrubbed(plain));
    expect(scrubbed(scrubbed(plain))).toBe(scrubbed(plain));
    expect(scrubbed(plain).id).toBe('echo');
  });
});
