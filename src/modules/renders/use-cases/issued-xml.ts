import type { AccountCtx } from '../../../shared/context';
import type { BlobStore } from '../../../storage/blob-store';
import type { WriteOutcome } from '../../compliance';
import type { DocumentRow } from '../../documents';
import { findIssuedFile } from '../repo';
import type { IssuedFileRow, IssuedFirstUse } from '../schema';
import { keepIssuedFile, readIssuedFile } from './issued-files';

export type IssuedXml =
  | { ok: true; bytes: Uint8Array; file: IssuedFileRow | null }
  | Extract<WriteOutcome, { ok: false }>;

/**
 * A stored document's e-invoice XML in `profile`, issued once (docs/renders.md, "Issued is issued"): the
 * first one written for a document that is not a draft (by the XML route, a send, the archive or the audit
 * export) is kept byte for byte with its SHA-256, and every later one is those bytes, whatever the writer
 * would write today. `write` writes it as the caller always has; a draft's is written and never kept.
 */
export async function issuedXml(
  ctx: AccountCtx,
  blobs: BlobStore,
  document: DocumentRow,
  input: { profile: string; firstUse: IssuedFirstUse; write: () => Promise<WriteOutcome> },
): Promise<IssuedXml> {
  const issued = document.status !== 'draft';
  const kept = issued
    ? await findIssuedFile(ctx.db, ctx.accountId, document.id, 'xml', input.profile)
    : undefined;
  if (kept) return { ok: true, bytes: await readIssuedFile(blobs, kept), file: kept };
  const outcome = await input.write();
  if (!outcome.ok) return outcome;
  const bytes = new TextEncoder().encode(outcome.xml);
  if (!issued) return { ok: true, bytes, file: null };
  const { file, bytes: keptBytes } = await keepIssuedFile(ctx, blobs, {
    documentId: document.id,
    kind: 'xml',
    profile: input.profile,
    bytes,
    firstUse: input.firstUse,
  });
  return { ok: true, bytes: keptBytes, file };
}
