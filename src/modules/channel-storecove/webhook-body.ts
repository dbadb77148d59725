// What we read from a Storecove webhook body (the `body` string of a WebhookInstance taken from the pull
// queue). Storecove's OpenAPI gives the body only as "the webhook body that would have been pushed"; its
// fields are not published in a primary source (see docs/channel-storecove.md). ASSUMED shapes, read
// leniently (snake_case or camelCase, the guid under any of the names below):
//   a submission's outcome  {"event_type": "document_submission", "event": "succeeded" | "failed",
//                            "document_submission_guid": "<guid>", "details": [{source, details}], "timestamp"}
//   a buyer's answer        {"event_type": "document_submission" | "invoice_response", "event": "invoice_response",
//                            "document_submission_guid": "<guid>", "invoice_response": {"responseCode": "AP",
//                            "effectiveDate", "note", "clarifications": [{clarificationCode, clarification}]}}
//   a received document     {"event_type": "received_document", "event": "received",
//                            "document_guid": "<guid>", "receive_guid": "<guid>", "document_type": "invoice"}
// Anything else is `unknown`: acknowledged and dropped, so one body we cannot read never blocks the queue.
import type { DeliveryState } from '../../delivery-channel';

export type WebhookNotice =
  | {
      kind: 'submission';
      submissionGuid: string;
      /** null: a step we do not track (cleared, processing). */
      state: 'delivered' | 'failed' | null;
      reason: string | null;
      at: string | null;
      /** Our idempotencyGuid, when the body names it (see the adapter's duplicate-send rule). */
      idempotencyGuid: string | null;
    }
  | {
      kind: 'response';
      submissionGuid: string;
      code: string;
      state: DeliveryState | null;
      reason: string | null;
      at: string | null;
    }
  | { kind: 'received'; documentGuid: string; receiveGuid: string; documentType: string | null }
  | { kind: 'unknown'; why: string };

const DELIVERED = ['succeeded', 'success', 'delivered', 'sent', 'transmitted', 'accepted'];
const FAILED = ['failed', 'failure', 'send_error', 'internal_error', 'error', 'rejected', 'undeliverable'];

/**
 * The buyer's Invoice Response codes (UNCL4343 subset T111) as delivery states: AB (acknowledged, received
 * by the buyer) is delivered; CA (conditionally accepted) is accepted with its conditions as the reason;
 * IP (in process) and UQ (under query) move nothing.
 */
export const RESPONSE_STATES: Readonly<Record<string, DeliveryState>> = {
  AB: 'delivered',
  AP: 'accepted',
  CA: 'accepted',
  RE: 'rejected',
  PD: 'paid',
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of `names` that holds a non-empty string. */
function text(body: Json, ...names: string[]): string | null {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
}

export function readWebhookBody(body: string): WebhookNotice {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'unknown', why: 'the body is not JSON' };
  }
  if (!isObject(parsed)) return { kind: 'unknown', why: 'the body is not a JSON object' };
  const eventType = (text(parsed, 'event_type', 'eventType', 'type') ?? '').toLowerCase();
  const event = (text(parsed, 'event', 'status', 'event_name') ?? '').toLowerCase();
  const at = text(parsed, 'timestamp', 'created_at', 'createdAt', 'datetime');
  const submissionGuid = text(
    parsed,
    'document_submission_guid',
    'documentSubmissionGuid',
    'submission_guid',
    'submissionGuid',
  );

  const response = responseOf(parsed);
  if (response || eventType === 'invoice_response' || event === 'invoice_response') {
    const guid = submissionGuid ?? text(parsed, 'guid');
    const code = (response ? text(response, 'responseCode', 'response_code') : null)?.toUpperCase();
    if (!guid || !code) return { kind: 'unknown', why: 'an invoice response without its submission or code' };
    return {
      kind: 'response',
      submissionGuid: guid,
      code,
      state: RESPONSE_STATES[code] ?? null,
      reason: response ? responseReason(response) : null,
      at: (response && text(response, 'effectiveDate', 'effective_date')) ?? at,
    };
  }

  const receivedTypes = ['received_document', 'purchase_invoice', 'document_received'];
  if (receivedTypes.includes(eventType) || (event === 'received' && !submissionGuid)) {
    const documentGuid = text(parsed, 'document_guid', 'documentGuid', 'purchase_invoice_guid', 'guid');
    if (!documentGuid) return { kind: 'unknown', why: 'a received document without its guid' };
    return {
      kind: 'received',
      documentGuid,
      receiveGuid: text(parsed, 'receive_guid', 'receiveGuid') ?? documentGuid,
      documentType: text(parsed, 'document_type', 'documentType'),
    };
  }

  const submissionTypes = ['document_submission', 'invoice_submission'];
  if (submissionTypes.includes(eventType) || submissionGuid) {
    const guid = submissionGuid ?? text(parsed, 'guid');
    if (!guid) return { kind: 'unknown', why: 'a submission event without its guid' };
    const state = DELIVERED.includes(event) ? 'delivered' : FAILED.includes(event) ? 'failed' : null;
    return {
      kind: 'submission',
      submissionGuid: guid,
      state,
      reason: state === 'failed' ? failureReason(parsed) : null,
      at,
      idempotencyGuid: text(parsed, 'idempotency_guid', 'idempotencyGuid'),
    };
  }
  return { kind: 'unknown', why: `event_type ${eventType || '(none)'} is not one we read` };
}

function responseOf(body: Json): Json | null {
  for (const name of ['invoice_response', 'invoiceResponse']) {
    const value = body[name];
    if (isObject(value)) return value;
  }
  const document = body.document;
  if (isObject(document) && isObject(document.invoiceResponse)) return document.invoiceResponse;
  return text(body, 'responseCode', 'response_code') ? body : null;
}

/** The buyer's words: its clarifications (text, else code) and its note. */
function responseReason(response: Json): string | null {
  const parts: string[] = [];
  const clarifications = response.clarifications;
  if (Array.isArray(clarifications))
    for (const item of clarifications)
      if (isObject(item)) {
        const said = text(item, 'clarification') ?? text(item, 'clarificationCode', 'clarification_code');
        if (said) parts.push(said);
      }
  const note = text(response, 'note');
  if (note) parts.push(note);
  return parts.length ? parts.join('; ') : null;
}

function failureReason(body: Json): string | null {
  const details = body.details ?? body.errors;
  if (Array.isArray(details)) {
    const parts = details
      .map((item) => (isObject(item) ? text(item, 'details', 'message', 'error') : String(item)))
      .filter((part): part is string => Boolean(part));
    if (parts.length) return parts.join('; ');
  }
  return text(body, 'reason', 'message', 'error', 'details');
}
