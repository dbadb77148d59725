// LOG_LEVEL=debug writes one line per request: a one-time link's token (the console sends it in the path of
// GET /invitations/{token} and its /accept) and a webhook token must not be in it (docs/sign-in.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLogger } from '../../src/shared/logger';
import { makeAccount, type TestAccount } from '../factories';
import { runCli, startServer, type TestServer } from '../harness';

const lines: string[] = [];
let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startServer({ startJobs: false, logger: createLogger('debug', (line) => lines.push(line)) });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server.stop();
});

const requestLines = () =>
  lines.map((line) => JSON.parse(line) as { msg: string; path?: string }).filter((l) => l.msg === 'request');

describe('the request log', () => {
  test('a set-password link opened and accepted, a webhook call, a download link: no secret in any line', async () => {
    const made = runCli(
      ['users', 'create', '--account', account.id, '--email', 'log@example.de', '--role', 'member'],
      { DATA_DIR: server.dataDir },
    );
    expect(made.code).toBe(0);
    const token = /#\/invitation\/([A-Za-z0-9_-]+)/.exec(made.stdout)?.[1] ?? '';
    expect(token).not.toBe('');
    expect((await server.json(`/api/v1/invitations/${token}`)).status).toBe(200);
    const accepted = await server.json(`/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      body: { password: 'a long enough passphrase' },
    });
    expect(accepted.status).toBe(201);
    const hook = 'whk-secret-0123456789abcdefghijklmnop';
    await server.request(`/api/v1/channels/webhooks/${hook}`, { method: 'POST', body: {} });
    const signature = 'sig-secret-0123456789abcdefghijklmnop';
    await server.request(`/api/v1/renders/ren_01m95y04yy0g4qt2vxgf2w9w15/download?token=${signature}`);

    const paths = requestLines().map((l) => l.path);
    expect(paths).toContain('/api/v1/invitations/[token]');
    expect(paths).toContain('/api/v1/invitations/[token]/accept');
    expect(paths).toContain('/api/v1/channels/webhooks/[token]');
    expect(paths).toContain('/api/v1/renders/ren_01m95y04yy0g4qt2vxgf2w9w15/download');
    for (const secret of [token, hook, signature]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
