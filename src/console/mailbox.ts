// Who an address is, as the service compares people's addresses (src/http/email-format.ts `emailKey`).
/**
 * One mailbox whatever its spelling (docs/sign-in.md): lower-cased, the domain as IDNA's ASCII form, which
 * the browser's URL parser writes (`müller-gmbh.de` -> `xn--mller-gmbh-9db.de`).
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  try {
    return `${lower.slice(0, at)}@${new URL(`http://${lower.slice(at + 1)}`).hostname}`;
  } catch {
    return lower;
  }
}
