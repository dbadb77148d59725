import { describe, expect, test } from 'bun:test';
import { mailboxOf } from '../../src/console/mailbox';
import { emailKey } from '../../src/http/email-format';

// The invitation page joins someone signed in already with one click when the link is theirs: the same
// mailbox in either spelling of its domain (docs/sign-in.md), as the service compares people.
describe('the console reads a mailbox as the service does', () => {
  test.each([
    ['Anna@Müller-GmbH.de', 'anna@xn--mller-gmbh-9db.de'],
    ['anna@xn--mller-gmbh-9db.de', 'anna@müller-gmbh.de'],
    ['Kollege@Kanzlei-Berger.example', 'kollege@kanzlei-berger.example'],
  ])('%s and %s are one person', (one, other) => {
    expect(mailboxOf(one)).toBe(mailboxOf(other));
    expect(mailboxOf(one)).toBe(emailKey(other));
  });

  test('another mailbox stays another', () => {
    expect(mailboxOf('anna@mueller-gmbh.de')).not.toBe(mailboxOf('anna@müller-gmbh.de'));
    expect(mailboxOf('not an address')).toBe('not an address');
  });
});
