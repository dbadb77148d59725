// The invitation e-mail (src/modules/users/invitation-email.ts) names where the person is invited: the
// workspace, and the account in brackets only when it bears another name ("Elektro Berger GmbH (Elektro
// Berger GmbH)" read as a mistake to the firm whose one workspace is named after it).
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { emailInvitation } from '../../src/modules/users/invitation-email';
import { createLogger } from '../../src/shared/logger';
import { TestSmtp } from '../smtp';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await TestSmtp.start();
});
afterAll(() => smtp.stop());

async function firstLine(to: string, workspaceName: string, accountName: string): Promise<string> {
  const sent = await emailInvitation(
    smtp.url({ from: 'buero@elektro-berger.example' }),
    createLogger('silent'),
    {
      to,
      accountName,
      workspaceName,
      url: 'http://127.0.0.1/#/invitation/x',
      invitationId: `inv_${to.split('@')[0]}`,
      language: 'de',
    },
  );
  expect(sent).toBe(true);
  return smtp.messages.find((m) => m.envelope.to.includes(to))?.parsed.text?.split('\n')[0] ?? '';
}

test('the workspace named as its account: named once', async () => {
  expect(await firstLine('a@example.com', 'Elektro Berger GmbH', 'Elektro Berger GmbH')).toBe(
    'Sie wurden zu Elektro Berger GmbH eingeladen.',
  );
});

test('a workspace of another name: the account in brackets', async () => {
  expect(await firstLine('b@example.com', 'Filiale Nord', 'Elektro Berger GmbH')).toBe(
    'Sie wurden zu Filiale Nord (Elektro Berger GmbH) eingeladen.',
  );
});
