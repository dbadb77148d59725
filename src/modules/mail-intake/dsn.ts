/**
 * What a delivery status notification (RFC 3464, `multipart/report; report-type=delivery-status`) says:
 * the Message-ID of the mail it is about (its returned headers, `message/rfc822` or `text/rfc822-headers`,
 * and any `…Message-ID` field of its `message/delivery-status` part) and, per recipient, what happened.
 * Read from the raw bytes on this thread, so only the first MAX_SCAN bytes: the report's own parts come
 * before the returned mail's body, and a scan of a bounded window by plain string searches costs
 * milliseconds whatever the message holds (the returned mail's attachments are never decoded).
 */
export interface DsnRecipient {
  /** Final-Recipient: where the mail server last tried. */
  address: string;
  /** Original-Recipient, when the sender's server passed it on (ORCPT): the address the mail was sent to. */
  original: string | null;
  /** `failed` (given up for good), `delayed` (still trying), or `delivered`, `relayed`, `expanded`. */
  action: string;
  /** `5.1.1`, `4.4.7`, … (RFC 3463); null when the report has none. */
  status: string | null;
  /** The remote server's answer (`550 5.1.1 <kunde@…>: Recipient address rejected`), when given. */
  diagnostic: string | null;
}

export interface DeliveryStatusReport {
  /** Every Message-ID the report names for the mail it returns, `<…>` included, in order, once each. */
  messageIds: string[];
  recipients: DsnRecipient[];
  /** Reporting-MTA: the server that reports. */
  reportingMta: string | null;
}

const MAX_SCAN = 1024 * 1024;
/** A header value or field kept, at most this long: a remote server's answer can be any length. */
const MAX_VALUE = 500;
const MAX_PARTS = 50;
const MAX_RECIPIENTS = 100;

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** A header block (folded lines joined) into lower-cased names, the first of each kept. */
function readHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name))
      headers.set(
        name,
        line
          .slice(colon + 1)
          .trim()
          .slice(0, MAX_VALUE),
      );
  }
  return headers;
}

/** Headers and body of an entity: split at the first empty line. */
function splitEntity(text: string): Part {
  const blank = /\r?\n\r?\n/.exec(text);
  if (!blank) return { headers: readHeaders(text), body: '' };
  return {
    headers: readHeaders(text.slice(0, blank.index)),
    body: text.slice(blank.index + blank[0].length),
  };
}

/** `multipart/report; boundary="x"` -> its media type (lower case) and parameters. */
function contentTypeOf(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = (value ?? '').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq <= 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    params.set(
      name,
      param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The body parts between `--boundary` lines, up to the closing one (or the window's end). */
function bodyParts(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    const bare = line.replace(/[ \t\r]+$/, '');
    if (bare === delimiter || bare === `${delimiter}--`) {
      if (current) parts.push(current.join('\n'));
      if (bare !== delimiter || parts.length >= MAX_PARTS) return parts;
      current = [];
    } else current?.push(line);
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

/** A part's text as sent: base64 and quoted-printable decoded (a report's parts are usually 7bit). */
function decodedBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1');
  if (encoding === 'quoted-printable') {
    return part.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return part.body;
}

const messageIdsIn = (value: string) => [...value.matchAll(/<[^<>\s]{1,250}>/g)].map((m) => m[0]);

/** `rfc822; kunde@example.com` (or `rfc822;<kunde@example.com>`) -> the address. */
const addressOf = (value: string | undefined) => {
  if (!value) return null;
  const address = value
    .slice(value.indexOf(';') + 1)
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
  return address === '' ? null : address;
};

/** `smtp; 550 5.1.1 …` -> `550 5.1.1 …`. */
const diagnosticOf = (value: string | undefined) => {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  const text = (semicolon === -1 ? value : value.slice(semicolon + 1)).replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
};

function readDeliveryStatus(text: string, out: DeliveryStatusReport): void {
  // Groups of fields separated by empty lines: the per-message one first, then one per recipient.
  const groups = text.split(/\r?\n[ \t]*\r?\n/).map(readHeaders);
  for (const [i, fields] of groups.entries()) {
    for (const [name, value] of fields) {
      if (name.endsWith('message-id')) out.messageIds.push(...messageIdsIn(value));
    }
    if (i === 0 && fields.has('reporting-mta')) out.reportingMta = diagnosticOf(fields.get('reporting-mta'));
    const address = addressOf(fields.get('final-recipient'));
    if (!address || out.recipients.length >= MAX_RECIPIENTS) continue;
    out.recipients.push({
      address,
      original: addressOf(fields.get('original-recipient')),
      action: (fields.get('action') ?? '').split(/[\s(]/)[0]?.toLowerCase() ?? '',
      status: /^\s*([245]\.\d{1,3}\.\d{1,3})/.exec(fields.get('status') ?? '')?.[1] ?? null,
      diagnostic: diagnosticOf(fields.get('diagnostic-code')),
    });
  }
}

const RETURNED = new Set([
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/rfc822-headers',
]);
const STATUS = new Set(['message/delivery-status', 'message/global-delivery-status']);

/** The report a `multipart/report; report-type=delivery-status` message makes; null for any other message. */
export function readDeliveryStatusReport(raw: Uint8Array): DeliveryStatusReport | null {
  const text = new TextDecoder('latin1').decode(raw.subarray(0, MAX_SCAN));
  const top = splitEntity(text);
  const { type, params } = contentTypeOf(top.headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type !== 'multipart/report' || params.get('report-type')?.toLowerCase() !== 'delivery-status')
    return null;
  const report: DeliveryStatusReport = { messageIds: [], recipients: [], reportingMta: null };
  if (!boundary) return report;
  for (const entity of bodyParts(top.body, boundary)) {
    const part = splitEntity(entity);
    const partType = contentTypeOf(part.headers.get('content-type')).type;
    if (STATUS.has(partType)) readDeliveryStatus(decodedBody(part), report);
    else if (RETURNED.has(partType)) {
      const headers = splitEntity(decodedBody(part)).headers;
      const id = headers.get('message-id');
      if (id) report.messageIds.push(...messageIdsIn(id));
    }
  }
  report.messageIds = [...new Set(report.messageIds)];
  return report;
}
