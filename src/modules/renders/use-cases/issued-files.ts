// The files a stored document was issued as, kept byte for byte from their first use (docs/renders.md,
// "Issued is issued"): written once under `issued/`, recorded with their SHA-256, never changed, never swept.
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import type { Clock } from '../../../shared/clock';
import { isoNow } from '../../../shared/clock';
import { DomainError } from '../../../shared/errors';
import type { BlobStore } from '../../../storage/blob-store';
import { findIssuedFile, insertIssuedFile } from '../repo';
import type { IssuedFileRow, IssuedFirstUse, IssuedKind } from '../schema';

/** The profile of the plain PDF; a Factur-X PDF is kept under its e-invoice profile. */
export const PLAIN_PDF = '';
export const FACTUR_X = 'factur_x_en16931';

/** Where kept originals live: no sweep deletes anything under it. */
export const ISSUED_PREFIX = 'issued/';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A kept file's key: per document, with a fresh part per attempt, so two first uses at once never write over
 * each other's bytes (the one whose row lost deletes its own file).
 */
export function issuedBlobKey(
  accountId: string,
  documentId: string,
  kind: IssuedKind,
  profile: string,
): string {
  const form = kind === 'xml' ? `xml-${profile}` : profile === PLAIN_PDF ? 'pdf' : 'facturx';
  return `${ISSUED_PREFIX}${accountId}/${documentId}/${form}-${randomBytes(8).toString('hex')}.${kind}`;
}

export interface IssuedLook {
  templateId: string;
  templateVersion: number | null;
  pageSize: string;
}

export interface NewIssuedFile {
  documentId: string;
  kind: IssuedKind;
  profile: string;
  bytes: Uint8Array;
  firstUse: IssuedFirstUse;
  look?: IssuedLook | null;
  compliance?: Record<string, unknown> | null;
}

const contentTypeOf = (kind: IssuedKind) => (kind === 'pdf' ? 'application/pdf' : 'application/xml');

/** The row that records `bytes` stored under `blobKey` as the original (not yet inserted). */
export function issuedFileRow(
  ctx: { accountId: string; clock: Clock },
  input: NewIssuedFile,
  blobKey: string,
): IssuedFileRow {
  return {
    accountId: ctx.accountId,
    documentId: input.documentId,
    kind: input.kind,
    profile: input.profile,
    blobKey,
    contentType: contentTypeOf(input.kind),
    sha256: sha256Hex(input.bytes),
    sizeBytes: input.bytes.byteLength,
    firstUse: input.firstUse,
    templateId: input.look?.templateId ?? null,
    templateVersion: input.look?.templateVersion ?? null,
    pageSize: input.look?.pageSize ?? null,
    compliance: input.compliance ?? null,
    createdAt: isoNow(ctx.clock),
  };
}

/** A kept file's bytes; missing ones are an error, never a reason to draw or write the document again. */
export async function readIssuedFile(blobs: BlobStore, file: IssuedFileRow): Promise<Uint8Array> {
  const bytes = await blobs.get(file.blobKey);
  if (!bytes) {
    throw new DomainError('internal_error', `the kept original ${file.kind} is missing from storage`, {
      document_id: file.documentId,
    });
  }
  return bytes;
}

/**
 * Keeps `bytes` as the document's original of that kind and profile, unless one was kept first: answers
 * the original either way (the caller's bytes, or the winner's, the caller's file deleted). The row's key
 * decides a race, on both engines.
 */
export async function keepIssuedFile(
  ctx: { db: DbOrTx; clock: Clock; accountId: string },
  blobs: BlobStore,
  input: NewIssuedFile,
): Promise<{ file: IssuedFileRow; bytes: Uint8Array }> {
  const blobKey = issuedBlobKey(ctx.accountId, input.documentId, input.kind, input.profile);
  await blobs.put(blobKey, input.bytes, contentTypeOf(input.kind));
  const row = issuedFileRow(ctx, input, blobKey);
  let kept: boolean;
  try {
    kept = await insertIssuedFile(ctx.db, row);
  } catch (error) {
    await blobs.delete(blobKey).catch(() => undefined);
    throw error;
  }
  if (kept) return { file: row, bytes: input.bytes };
  await blobs.delete(blobKey).catch(() => undefined);
  const winner = await findIssuedFile(ctx.db, ctx.accountId, input.documentId, input.kind, input.profile);
  if (!winner) throw new Error(`issued ${input.kind} of ${input.documentId} neither inserted nor found`);
  return { file: winner, bytes: await readIssuedFile(blobs, winner) };
}
