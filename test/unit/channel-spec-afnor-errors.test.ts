// A French platform's refusal reaches the person as words naming the problem, whatever error shape the
// host in front of the Flow Service answers with: XP Z12-013's Error (`errorCode`, `errorMessage`), an
// OAuth2 token endpoint's error (RFC 6749 section 5.2: `error`, `error_description`), an RFC 9457 problem
// (`title`, `detail`) or a gateway's `{message}`. And the client secret never appears in the error.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { ChannelError } from '../../src/delivery-channel';
import { createAfnorAdapter } from '../../src/modules/channel-afnor/adapter';
import { errorOf } from '../../src/modules/channel-afnor/http-errors';
import { type AfnorMock, startAfnorMock } from '../mocks/afnor-pa';
import { connectionTo, DIRECTORY, failure, message } from '../mocks/afnor-pa-fixtures';

const answer = (status: number, body: unknown, contentType = 'application/json') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });

describe('errorOf: the refusal in the platform’s words', () => {
  test("XP Z12-013's Error: errorCode and errorMessage", async () => {
    const error = await errorOf(
      answer(400, { errorCode: 'INVALID_FLOW_INFO', errorMessage: 'flowSyntax is required' }),
      'the Flow Service',
    );
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.transient).toBe(false);
    expect(error.message).toBe('the Flow Service answered 400 (INVALID_FLOW_INFO: flowSyntax is required)');
  });

  test("an OAuth2 token endpoint's error (RFC 6749 5.2) names what was refused", async () => {
    const error = await errorOf(
      answer(400, { error: 'invalid_client', error_description: 'Client authentication failed' }),
      'the token endpoint',
    );
    expect(error.transient).toBe(false);
    expect(error.message).toBe(
      'the token endpoint answered 400 (invalid_client: Client authentication failed)',
    );
  });

  test('an RFC 9457 problem answered by a gateway in front of the platform', async () => {
    const error = await errorOf(
      answer(
        422,
        {
          type: 'about:blank',
          title: 'Unprocessable Entity',
          status: 422,
          detail: 'siren must have 9 digits',
        },
        'application/problem+json',
      ),
      'the Directory Service',
    );
    expect(error.transient).toBe(false);
    expect(error.message).toContain('siren must have 9 digits');
  });

  test('a plain {message} body', async () => {
    const error = await errorOf(
      answer(403, { message: 'Organization-Id ORG-7 is not yours' }),
      'the Flow Service',
    );
    expect(error.message).toContain('Organization-Id ORG-7 is not yours');
  });
});

describe('against the stand-in platform', () => {
  let mock: AfnorMock;
  beforeEach(() => {
    mock = startAfnorMock({ directory: DIRECTORY.map((line) => ({ ...line })) });
  });
  afterEach(() => {
    const problems = mock.problems();
    mock.stop();
    expect(problems).toEqual([]);
  });

  test("a refused client secret says the token endpoint's invalid_client, never the secret itself", async () => {
    const adapter = createAfnorAdapter();
    const secret = 'wrong-secret-4f1c9a';
    const conn = connectionTo(mock, { secrets: { client_secret: secret } });
    const tested = await adapter.testConnection(conn);
    expect(tested.ok).toBe(false);
    expect(tested.message).toContain('invalid_client');
    expect(tested.message).not.toContain(secret);
    const refused = await failure(adapter.send(conn, message()));
    expect(refused.transient).toBe(false);
    expect(refused.message).toContain('invalid_client');
    expect(JSON.stringify({ message: refused.message, details: refused.details })).not.toContain(secret);
  });
});
