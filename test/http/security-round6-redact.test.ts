// Security review, round 6: the one redaction of secrets in what outside servers say (src/modules/deliveries/
// redact.ts), used for a channel provider's words (channels/scrub.ts), the SMTP server's and a mailbox's IMAP
// server's. The secrets are the account's own (an admin's channel key, a member's IMAP password) and the server
// answering is whichever host they point the connection at, so both sides may be one hostile account.
// - A secret with a run of blanks (a passphrase padded with spaces) made the pattern exponential: between two
//   of its characters a line fold's `\n` and indentation were allowed, and before each blank the indentation
//   and the blank itself could share the text's blanks in every way. An answer of `\n  ` repeated held the
//   event loop (every account's requests, /health) for seconds at 40 blanks, for ever at 60.
// - A secret with a character past ASCII echoed in JSON written in ASCII (`\u00e4`, Python's json.dumps
//   default, the raw receipt kept as it came) was kept and shown as it was.
import { afterAll, describe, expect, test } from 'bun:test';
import { redactorOf } from '../../src/modules/deliveries';

const workers: Worker[] = [];
afterAll(() => {
  for (const worker of workers) worker.terminate();
});

/**
 * The redaction run in a worker, so that a pattern that never ends cannot hang the test runner: undefined
 * when it has not answered in `limitMs` (a generous bound: the answer takes milliseconds; the pattern
 * before the fix would have taken longer than the age of the universe).
 */
function redactInWorker(secret: string, text: string, limitMs: number): Promise<string | undefined> {
  const source = `
    import { redactorOf } from ${JSON.stringify(`${import.meta.dir}/../../src/modules/deliveries/redact.ts`)};
    self.onmessage = (event) => postMessage(redactorOf([event.data.secret])(event.data.text));
  `;
  const url = URL.createObjectURL(new Blob([source], { type: 'application/typescript' }));
  const worker = new Worker(url);
  workers.push(worker);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      worker.terminate();
      resolve(undefined);
    }, limitMs);
    worker.onmessage = (event) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(event.data as string);
    };
    worker.postMessage({ secret, text });
  });
}

describe('the redaction of a hostile server answer', () => {
  test('a secret with a run of blanks: an answer made to make the pattern backtrack is answered at once', async () => {
    const secret = `pass${' '.repeat(60)}word`;
    const text = `pass${'\n  '.repeat(70)}nope`;
    expect(await redactInWorker(secret, text, 20_000)).toBe(text);
    // Still found as it is, and folded at one of its blanks.
    const redact = redactorOf([secret]);
    expect(redact(`said: ${secret}.`)).toBe('said: ***.');
    expect(redact(`said: pass${' '.repeat(30)}\r\n${' '.repeat(30)}word.`)).toBe('said: ***.');
  }, 30_000);

  test('a secret past ASCII, echoed in JSON written in ASCII, is hidden', () => {
    const secret = 'Passwört-Größe-€5';
    const redact = redactorOf([secret]);
    const asPython = JSON.stringify({ error: `invalid key ${secret}` }).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(asPython).toContain('\\u00f6');
    expect(redact(asPython)).toBe('{"error":"invalid key ***"}');
    // Its hex in capitals, as other encoders write it.
    const capitals = asPython.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`);
    expect(capitals).toContain('\\u00F6');
    expect(redact(capitals)).toBe('{"error":"invalid key ***"}');
  });
});
