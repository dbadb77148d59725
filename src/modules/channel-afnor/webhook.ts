// A platform's callback (XP Z12-013's WebhookCallback): a POST of one Flow object, optionally signed in a
// `Signature` header. The standard leaves what is signed to each platform; this channel takes the common
// reading: HMAC-SHA256 (HS256) of the raw body, base64, keyed with the `webhook_secret` secret (the `key`
// registered with the webhook is that secret, base64-encoded). The callback only says which flow changed:
// the flow is then read from the platform itself, so a forged or replayed callback can tell us nothing the
// platform does not confirm.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelConnection } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';

/** The flowId the callback names, once its signature (when a secret is set) holds. */
export function verifiedFlowId(
  conn: ChannelConnection,
  request: { headers: Headers; body: Uint8Array },
): string {
  const secret = conn.secrets.webhook_secret;
  if (secret) {
    const stated = request.headers.get('signature');
    if (!stated)
      throw new ChannelError('The callback is not signed (no Signature header)', false, { status: 401 });
    const expected = createHmac('sha256', secret).update(request.body).digest();
    const given = base64Bytes(stated.trim().replace(/^(sha256|hs256)=/i, ''));
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ChannelError("The callback's Signature does not match its body", false, { status: 401 });
  }
  let flow: unknown;
  try {
    flow = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw new ChannelError('The callback is not a JSON Flow', false, { status: 400 });
  }
  const flowId = (flow as { flowId?: unknown } | null)?.flowId;
  if (typeof flowId !== 'string' || flowId === '' || flowId.length > 36)
    throw new ChannelError('The callback names no flowId', false, { status: 400 });
  return flowId;
}

/** Standard or URL-safe base64, padded or not; null when it is neither. */
function base64Bytes(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
