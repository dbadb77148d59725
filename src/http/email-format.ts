// The `email` format every schema names (customers, users, deliveries, reminders...): Elysia's own
// address check, which takes ASCII only, and also an address whose domain is written in its own letters
// (`info@müller-gmbh.de`, an internationalized domain name), which German firms have. It is checked in its
// ASCII form (`info@xn--mller-gmbh-9db.de`) and kept as typed; nodemailer writes the domain so on the
// envelope and in the headers when the local part is ASCII, so it is delivered. A local part in other
// letters (which needs SMTPUTF8 of every server on the way) stays refused.
import { FormatRegistry } from '@sinclair/typebox';
import 'elysia'; // registers its formats first: the one below replaces its `email`
import { domainToASCII, domainToUnicode } from 'node:url';

const ELYSIA_EMAIL = FormatRegistry.Get('email');

/** A letter outside ASCII. */
const NOT_ASCII = /[^\u0020-\u007e]/;

export function isEmailAddress(value: string): boolean {
  if (ELYSIA_EMAIL?.(value)) return true;
  const at = value.lastIndexOf('@');
  if (at < 1 || !NOT_ASCII.test(value.slice(at + 1)) || NOT_ASCII.test(value.slice(0, at))) {
    return false;
  }
  const domain = value.slice(at + 1);
  const ascii = domainToASCII(domain);
  // Only a domain written as IDNA writes it (up to case): the mapping also folds look-alikes into
  // letters (`ｋ.test` in fullwidth, `k\u200b.test` with a zero-width space and `\u212a.test` with the
  // Kelvin sign are all `k.test`), and one kept as typed would be a second address for someone's mailbox:
  // another user beside them, a member whose email reads like theirs in a workspace's list.
  const canonical = ascii === '' ? '' : domainToUnicode(ascii);
  if (canonical === '' || canonical !== domain.toLowerCase() || domain.normalize('NFKC') !== domain) {
    return false;
  }
  return ELYSIA_EMAIL?.(`${value.slice(0, at)}@${ascii}`) ?? false;
}

FormatRegistry.Set('email', isEmailAddress);

/**
 * The one form two spellings of a person's mailbox share (users, workspace members, their links,
 * sign-in): lower-cased, the domain in its IDNA ASCII form, so `Anna@Müller-GmbH.de` and
 * `anna@xn--mller-gmbh-9db.de` are one person (docs/sign-in.md). Addresses are still stored and shown as
 * typed (lower-cased); only comparisons use this. A domain IDNA refuses stays as typed, lower-cased.
 * Customers' and deliveries' addresses are the firm's data, never compared so.
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  const ascii = domainToASCII(lower.slice(at + 1));
  return ascii === '' ? lower : `${lower.slice(0, at)}@${ascii.toLowerCase()}`;
}

/**
 * Every spelling an address of this mailbox may be stored in: as typed (lower-cased), with the domain in
 * IDNA's ASCII form and in its own letters. Look-ups by email match any of them, so a user or member
 * stored in either spelling (before or after this was introduced) is found by both.
 */
export function emailSpellings(email: string): string[] {
  const lower = email.trim().toLowerCase();
  const key = emailKey(lower);
  const at = key.lastIndexOf('@');
  const spellings = new Set([lower, key]);
  if (at >= 1) {
    const unicode = domainToUnicode(key.slice(at + 1));
    if (unicode !== '') spellings.add(`${key.slice(0, at)}@${unicode.toLowerCase()}`);
  }
  return [...spellings];
}
