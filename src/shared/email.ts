import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * An e-mail address as the service keeps and compares it: trimmed, in lower case, its domain in the one
 * form IDNA gives it, so `anna@müller-gmbh.de` and its ASCII spelling `anna@xn--mller-gmbh-9db.de` are one
 * address (one user, one member), never two for one mailbox. A domain IDNA cannot read stays as written.
 */
export function canonicalEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const ascii = domainToASCII(email.slice(at + 1));
  const domain = ascii === '' ? '' : domainToUnicode(ascii);
  return domain === '' ? email : `${email.slice(0, at)}@${domain}`;
}
