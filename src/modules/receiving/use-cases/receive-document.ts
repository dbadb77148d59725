import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../../../db/errors';
import { inTransaction } from '../../../db/transaction';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import type { BlobStore } from '../../../storage/blob-store';
import { groupOf, regroupCopies } from '../copies';
import { markDifferingTotals } from '../differing-totals';
import { findReceived, findReceivedBySha, findSameInvoice, insertReceived, receivedBlobKey } from '../repo';
import type { ReceivedDocumentRow, ReceivedEmail, ReceivedSourceKind } from '../schema';
import { parseReceived, type ReceivedFile, type ReceivingDeps } from './parse-received';

/** The bytes to keep: exactly what arrived (for JSON bodies, the decoded XML or PDF). */
export interface ReceivedOriginal {
  bytes: Uint8Array;
  contentType: 'application/xml' | 'application/pdf';
}

/** Where a received file came from, kept on the document (docs/receiving.md). */
export interface ReceivedSource {
  kind: ReceivedSourceKind;
  fileName?: string | null;
  email?: ReceivedEmail | null;
}

/**
 * Takes one received e-invoice into the inbox: the original bytes into the blob store first, then the row
 * (so no row points at missing bytes). The same bytes again answer the existing document (`created:
 * false`); another file of the same seller, number, issue date and type stating the same amounts is kept as
 * a file of that invoice (copies.ts: it names the file that counts, or counts itself when every earlier one
 * is rejected); one stating other amounts counts on its own, and both are warned (differing-totals.ts).
 * A caller over its account's cap of concurrent official-rules checks gets a 429; background intake (a job,
 * the CLI) waits for a place instead.
 */
export async function receiveDocument({
  ctx,
  deps,
  input,
}: {
  ctx: AccountCtx;
  deps: ReceivingDeps & { blobs: BlobStore };
  input: { file: ReceivedFile; original: ReceivedOriginal; source?: ReceivedSource };
}): Promise<{ row: ReceivedDocumentRow; created: boolean }> {
  const sha256 = createHash('sha256').update(input.original.bytes).digest('hex');
  const existing = await findReceivedBySha(ctx.db, ctx.accountId, sha256);
  if (existing) return { row: existing, created: false };
  const parsed = await parseReceived(deps, input.file, {
    accountId: ctx.accountId,
    wait: ctx.actor.kind === 'job' || ctx.actor.kind === 'cli',
  });
  const id = newId('rcv');
  const blobKey = receivedBlobKey(ctx.accountId, id);
  await deps.blobs.put(blobKey, input.original.bytes, input.original.contentType);
  const now = isoNow(ctx.clock);
  try {
    // Checked again at insert: another request may have stored the same bytes meanwhile.
    const again = await findReceivedBySha(ctx.db, ctx.accountId, sha256);
    if (again) {
      await deps.blobs.delete(blobKey).catch(() => undefined);
      return { row: again, created: false };
    }
    return await inTransaction(
      ctx,
      async (tx) => await insertFile(tx, { id, blobKey, sha256, now, parsed, input }),
    );
  } catch (error) {
    await deps.blobs.delete(blobKey).catch(() => undefined);
    // The same bytes stored by another request (or instance) between the check and the insert: its
    // document is the answer, as for bytes that came before (the unique index decided which one is kept).
    if (isUniqueViolation(error, 'received_documents.sha256')) {
      const winner = await findReceivedBySha(ctx.db, ctx.accountId, sha256);
      if (winner) return { row: winner, created: false };
    }
    throw error;
  }
}

/** The row of a received file, with the other files of its invoice made right (copies.ts). */
async function insertFile(
  ctx: AccountCtx,
  {
    id,
    blobKey,
    sha256,
    now,
    parsed,
    input,
  }: {
    id: string;
    blobKey: string;
    sha256: string;
    now: string;
    parsed: Awaited<ReturnType<typeof parseReceived>>;
    input: { original: ReceivedOriginal; source?: ReceivedSource };
  },
): Promise<{ row: ReceivedDocumentRow; created: boolean }> {
  const seller = parsed.data.seller;
  const number = parsed.data.invoice_number ?? null;
  const issueDate = parsed.data.issue_date ?? null;
  const sellerTaxId = seller?.tax_id ?? null;
  const sellerName = seller?.name ?? null;
  const same =
    number !== null && issueDate !== null
      ? await findSameInvoice(ctx.db, ctx.accountId, {
          invoiceNumber: number,
          issueDate,
          documentType: parsed.documentType,
          seller,
          figures: {
            currency: parsed.data.currency,
            total: parsed.totals.total,
            amountDue: parsed.totals.amount_due,
          },
        })
      : undefined;
  const row = await insertReceived(ctx.db, {
    id,
    accountId: ctx.accountId,
    status: 'received',
    syntax: parsed.syntax,
    profile: parsed.profile,
    customizationId: parsed.customizationId,
    documentType: parsed.documentType,
    typeCode: parsed.typeCode,
    invoiceNumber: number,
    issueDate,
    dueDate: parsed.data.due_date ?? null,
    currency: parsed.data.currency,
    sellerName,
    sellerTaxId,
    sellerElectronicAddress: seller?.electronic_address ?? null,
    total: parsed.totals.total,
    amountDue: parsed.totals.amount_due,
    amountPaid: '0',
    format: parsed.format,
    valid: parsed.compliance === null ? null : parsed.compliance.valid,
    compliance: parsed.compliance as Record<string, unknown> | null,
    data: parsed.data,
    totals: { ...parsed.totals },
    warnings: parsed.warnings,
    duplicateOf: same?.duplicateOf ?? same?.id ?? null,
    sha256,
    contentType: input.original.contentType,
    sizeBytes: input.original.bytes.byteLength,
    blobKey,
    note: null,
    euroRate: null,
    euroRateSetAt: null,
    source: input.source?.kind ?? 'upload',
    sourceFileName: input.source?.fileName ?? null,
    sourceEmail: input.source?.email ?? null,
    createdBy: creatorOf(ctx),
    createdAt: now,
    updatedAt: now,
  });
  if (row.duplicateOf !== null) await regroupCopies(ctx.db, ctx.accountId, groupOf(row));
  await markDifferingTotals(ctx.db, ctx.accountId, row);
  return { row: (await findReceived(ctx.db, ctx.accountId, row.id)) ?? row, created: true };
}
