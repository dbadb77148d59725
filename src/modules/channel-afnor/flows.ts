// The Flow Service's operations this channel uses (XP Z12-013 1.2.0): createFlow (multipart), searchFlows,
// getFlow (metadata or the original file), and the Flow object they answer.
import { createHash } from 'node:crypto';
import type { ChannelConnection } from '../../delivery-channel';
import { ChannelError } from '../../delivery-channel';
import { MAX_DOCUMENT_ANSWER_BYTES } from '../../outbound';
import type { AfnorClient } from './client';
import { bodyBytes, bodyJson, bodyText, paErrorOf, statedOf } from './http-errors';
import { multipartBody } from './multipart';
import type { FlowProfile, ProcessingRule } from './settings';

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type AckStatus = 'Pending' | 'Ok' | 'Error';

export interface FlowInfo {
  trackingId?: string;
  name: string;
  processingRule?: ProcessingRule;
  flowSyntax: FlowSyntax;
  flowProfile?: FlowProfile;
  sha256?: string;
}

export interface AckDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

export interface Flow extends FlowInfo {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  flowType: string;
  flowDirection: 'In' | 'Out';
  acknowledgement: { status: AckStatus; details?: AckDetail[] };
}

export interface SearchFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  flowDirection?: ('In' | 'Out')[];
  flowType?: string[];
  trackingId?: string;
  ackStatus?: AckStatus;
}

/** The most a search answers at once (XP Z12-013's maximum). */
export const SEARCH_LIMIT = 100;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class Flows {
  constructor(private readonly client: AfnorClient) {}

  /** One page of flows matching every filter, oldest update first. */
  async search(conn: ChannelConnection, where: SearchFilters, limit = SEARCH_LIMIT): Promise<Flow[]> {
    const response = await this.client.call(conn, 'flow', '/v1/flows/search', { json: { limit, where } });
    const answer = (await bodyJson(response, 'The Flow Service').catch((error: unknown) => {
      if (error instanceof ChannelError) return null;
      throw error;
    })) as { results?: unknown } | null;
    if (!answer || !Array.isArray(answer.results))
      throw new ChannelError('The Flow Service answered a search without results', true);
    return (answer.results as Flow[])
      .filter((flow) => typeof flow?.flowId === 'string')
      .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
  }

  /** A flow's metadata (the platform's current view of it). */
  async metadata(conn: ChannelConnection, flowId: string): Promise<Flow> {
    const response = await this.client.call(conn, 'flow', `/v1/flows/${encodeURIComponent(flowId)}`);
    const flow = (await bodyJson(response, 'The Flow Service')) as Flow | null;
    if (flow === null || typeof flow !== 'object' || typeof flow.flowId !== 'string')
      throw new ChannelError(`The Flow Service answered no Flow for ${flowId}`, true, {
        status: response.status,
      });
    return flow;
  }

  /** The file as it was deposited (the invoice, the CDAR), byte for byte. */
  async original(
    conn: ChannelConnection,
    flowId: string,
  ): Promise<{ bytes: Uint8Array; contentType: string; fileName: string | null }> {
    const response = await this.client.call(conn, 'flow', `/v1/flows/${encodeURIComponent(flowId)}`, {
      query: { docType: 'Original' },
      maxAnswerBytes: MAX_DOCUMENT_ANSWER_BYTES,
    });
    return {
      bytes: await bodyBytes(response, 'The Flow Service'),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      fileName: fileNameOf(response.headers.get('content-disposition')),
    };
  }

  /**
   * Deposits a file. Answers the platform's FullFlowInfo, or `duplicate` when it refused the flow as one it
   * already has (reasonCode AlreadyExistingFlow, as an error code or an acknowledgement detail).
   */
  async create(
    conn: ChannelConnection,
    info: FlowInfo,
    file: { bytes: Uint8Array; contentType: string; fileName: string },
  ): Promise<{ flow: Flow; raw: string } | 'duplicate'> {
    const body = multipartBody([
      {
        name: 'flowInfo',
        contentType: 'application/json',
        bytes: new TextEncoder().encode(JSON.stringify(info)),
      },
      { name: 'file', contentType: file.contentType, bytes: file.bytes, fileName: file.fileName },
    ]);
    const response = await this.client.call(conn, 'flow', '/v1/flows', { body, allow: [400, 409, 422] });
    const raw = await bodyText(response, 'The Flow Service');
    if (!response.ok) {
      const error = paErrorOf(raw);
      if (error?.errorCode === 'AlreadyExistingFlow' || /"reasonCode"\s*:\s*"AlreadyExistingFlow"/.test(raw))
        return 'duplicate';
      const stated = statedOf(error);
      throw new ChannelError(
        `The Flow Service refused the flow: ${response.status} ${stated}`.trim(),
        false,
        {
          status: response.status,
          raw: { contentType: response.headers.get('content-type') ?? 'application/json', body: raw },
        },
      );
    }
    let flow: Flow;
    try {
      flow = JSON.parse(raw) as Flow;
    } catch {
      throw new ChannelError('The Flow Service accepted the flow but answered no FullFlowInfo', false);
    }
    if (typeof flow.flowId !== 'string' || flow.flowId === '')
      throw new ChannelError('The Flow Service accepted the flow but answered no flowId', false);
    return { flow, raw };
  }
}

/** The file name of `attachment; filename="x.pdf"` (or RFC 5987's filename*). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {}
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Whether the platform refused the flow only as a duplicate of one it has. */
export const isDuplicateAck = (flow: Flow) =>
  flow.acknowledgement?.status === 'Error' &&
  (flow.acknowledgement.details ?? []).length > 0 &&
  (flow.acknowledgement.details ?? []).every((d) => d.reasonCode === 'AlreadyExistingFlow');

/** The acknowledgement's errors, one line: `InvalidSchema: BR-FR-01 …; …`. */
export const ackReason = (flow: Flow) =>
  (flow.acknowledgement?.details ?? [])
    .filter((d) => d.level !== 'Warning')
    .map((d) => `${d.reasonCode}: ${d.reasonMessage}${d.item ? ` (${d.item})` : ''}`)
    .join('; ') || 'the platform refused the flow (acknowledgement Error, no details)';
