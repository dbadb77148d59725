/**
 * A report about a mail rather than a mail (RFC 6522 `multipart/report`): a bounce (delivery-status), a
 * read receipt (disposition-notification), an abuse report (feedback-report). A bounce carries the mail
 * that did not arrive, often whole: with one address for sending and receiving, that is the firm's own
 * invoice to a customer, its XRechnung attached, which is no supplier's invoice. Such a message is not
 * taken; it goes to Failed, where the bookkeeper learns that the customer did not get the invoice.
 */
export function reportTypeOf(raw: Uint8Array): string | null {
  // The header block only: at most the first 64 KiB, up to the first empty line.
  const start = new TextDecoder('latin1').decode(raw.subarray(0, 65_536));
  const end = start.search(/\r?\n\r?\n/);
  const header = (end === -1 ? start : start.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const contentType = /^content-type:[ \t]*([^\r\n]*)/im.exec(header)?.[1] ?? '';
  if (!/^multipart\/report\b/i.test(contentType.trim())) return null;
  const reportType = /(?:^|;)\s*report-type\s*=\s*"?([\w.-]+)"?/i.exec(contentType)?.[1];
  return (reportType ?? 'unknown').toLowerCase();
}

const REASONS: Record<string, string> = {
  'delivery-status':
    'a delivery status notification (a bounce): a mail sent from this mailbox did not arrive; the mail it returns is not taken as a received invoice',
  'disposition-notification':
    'a read receipt (disposition notification) for a mail sent from here: nothing in it is taken',
};

/** Why a report is not taken, for the note beside it in Failed. */
export function reportReason(reportType: string): string {
  return (
    REASONS[reportType] ?? `a report about a mail (multipart/report; report-type=${reportType}): not taken`
  );
}
