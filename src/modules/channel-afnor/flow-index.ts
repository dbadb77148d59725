// Which of our flows a lifecycle status is about. A CDAR names the invoice by its number (BT-1), never by
// the flowId our delivery knows, and the Flow Service searches by trackingId but not by name; so each
// invoice flow we deposit is named after its invoice number (`F-2026-001.pdf`) and this index maps names
// back to flowIds: it learns every outgoing flow the adapter deposits or sees, and on a miss reads the
// platform's outgoing flows updated since it last looked (from a year and a month back when it has not
// looked yet: after a restart, or on another instance). Kept per connection, in the adapter's process.
import { createHash } from 'node:crypto';
import type { ChannelConnection } from '../../delivery-channel';
import { type Flow, type Flows, SEARCH_LIMIT } from './flows';
import { flowBase, settingsOf } from './settings';

/** How far back a first scan looks: a payment status may come many months after the invoice. */
const HORIZON_DAYS = 400;
/** Pages a scan reads per call (a poll continues where the last one stopped). */
const PAGES_PER_SCAN = 20;
const MAX_CONNECTIONS = 200;
const MAX_NAMES = 200_000;

interface Known {
  flowId: string;
  submittedAt: string;
  failed: boolean;
}

interface Entry {
  names: Map<string, Known[]>;
  /** The last `updatedAt` a scan reached; null: never scanned. */
  watermark: string | null;
}

/** The stem every invoice flow of ours is named by: the invoice number, safe as a file name. */
export function fileStem(invoiceNumber: string): string {
  return invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200) || 'invoice';
}

const stemOfName = (name: string) => name.replace(/\.(pdf|xml)$/i, '');

export class OutFlowIndex {
  private readonly entries = new Map<string, Entry>();

  /** Learns an outgoing invoice flow (one we deposited, or saw in a search). */
  note(conn: ChannelConnection, flow: Flow): void {
    if (flow.flowDirection !== 'Out' || flow.flowSyntax === 'CDAR' || typeof flow.name !== 'string') return;
    const entry = this.entryOf(conn);
    const stem = stemOfName(flow.name);
    const known = (entry.names.get(stem) ?? []).filter((k) => k.flowId !== flow.flowId);
    known.push({
      flowId: flow.flowId,
      submittedAt: flow.submittedAt,
      failed: flow.acknowledgement?.status === 'Error',
    });
    entry.names.set(stem, known);
    if (entry.names.size > MAX_NAMES) entry.names.delete(entry.names.keys().next().value as string);
  }

  /** Our flow of the invoice numbered `invoiceNumber`, or null when none of ours is known. */
  async resolve(conn: ChannelConnection, flows: Flows, invoiceNumber: string): Promise<string | null> {
    const found = this.lookup(conn, invoiceNumber);
    if (found) return found;
    await this.scan(conn, flows);
    return this.lookup(conn, invoiceNumber);
  }

  private lookup(conn: ChannelConnection, invoiceNumber: string): string | null {
    const known = this.entryOf(conn).names.get(fileStem(invoiceNumber)) ?? [];
    // A refused attempt and the one that went through share the name: the one that went through wins.
    const best = [...known].sort(
      (a, b) => Number(a.failed) - Number(b.failed) || Date.parse(b.submittedAt) - Date.parse(a.submittedAt),
    )[0];
    return best?.flowId ?? null;
  }

  private async scan(conn: ChannelConnection, flows: Flows): Promise<void> {
    const entry = this.entryOf(conn);
    let after = entry.watermark ?? new Date(conn.now().getTime() - HORIZON_DAYS * 86_400_000).toISOString();
    for (let page = 0; page < PAGES_PER_SCAN; page++) {
      const found = await flows.search(conn, { flowDirection: ['Out'], updatedAfter: after });
      for (const flow of found) this.note(conn, flow);
      const last = found.at(-1);
      if (last) after = last.updatedAt;
      entry.watermark = after;
      if (found.length < SEARCH_LIMIT) return;
    }
  }

  private entryOf(conn: ChannelConnection): Entry {
    const key = connectionKey(conn);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { names: new Map(), watermark: null };
      this.entries.set(key, entry);
      if (this.entries.size > MAX_CONNECTIONS)
        this.entries.delete(this.entries.keys().next().value as string);
    }
    return entry;
  }
}

/** One platform account: the API, the tenant and who signs in (never a secret in clear). */
export function connectionKey(conn: ChannelConnection): string {
  const s = settingsOf(conn);
  return createHash('sha256')
    .update(
      [
        flowBase(conn),
        s.organization_id ?? '',
        s.token_url ?? '',
        s.client_id ?? '',
        conn.secrets.api_token ?? '',
      ].join('\n'),
    )
    .digest('base64url');
}
