import {
  pngDataProblem,
  rasterCompletenessProblem,
  rasterSizeProblem,
} from '../../../rendering/engine/image-size';
import { svgSafetyProblem } from '../../../rendering/engine/svg-safety';
import { isoNow } from '../../../shared/clock';
import { type AccountCtx, creatorOf } from '../../../shared/context';
import { DomainError, validationError } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import type { BlobStore } from '../../../storage/blob-store';
import { fileBlobKey } from '../blobs';
import { displayFilename } from '../filename';
import { isImageType, LOGO_CONTENT_TYPES, MAX_FILE_BYTES } from '../model';
import { insertFile } from '../repo';
import type { FileRow } from '../schema';
import { SVG, sniffContentType } from '../sniff';

const tooLarge = () =>
  new DomainError('payload_too_large', `A file may be at most ${MAX_FILE_BYTES} bytes`, {
    max_bytes: MAX_FILE_BYTES,
  });

/**
 * Sniffs, checks and stores one upload: blob first, then the row, so a row never points at missing
 * bytes. If the insert fails the blob is removed again. `imagesOnly` (logos) refuses anything the renderer
 * cannot draw before a byte is written, at `body.file`.
 */
export async function storeUpload({
  ctx,
  blobs,
  file,
  imagesOnly = false,
}: {
  ctx: AccountCtx;
  blobs: BlobStore;
  file: File;
  imagesOnly?: boolean;
}): Promise<FileRow> {
  if (file.size > MAX_FILE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_FILE_BYTES) throw tooLarge();
  const contentType = await sniffContentType(bytes);
  if (imagesOnly && !isImageType(contentType)) {
    const msg = `A logo must be one of ${LOGO_CONTENT_TYPES.join(', ')}; this file is ${contentType}`;
    throw validationError([{ loc: 'body.file', msg, type: 'invalid_image' }], 'The file is not a logo image');
  }
  // Checked for every upload, not only logos: any image file of the account can become a logo later.
  const problem =
    contentType === SVG
      ? svgSafetyProblem(new TextDecoder().decode(bytes))
      : (rasterSizeProblem(bytes, contentType) ??
        rasterCompletenessProblem(bytes, contentType) ??
        (contentType === 'image/png' ? await pngDataProblem(bytes) : null));
  if (problem) {
    throw validationError(
      [{ loc: 'body.file', msg: problem, type: 'invalid_image' }],
      'The image cannot be used',
    );
  }
  const id = newId('fil');
  const blobKey = fileBlobKey(ctx.accountId, id);
  await blobs.put(blobKey, bytes, contentType);
  try {
    return await insertFile(ctx.db, {
      id,
      accountId: ctx.accountId,
      filename: displayFilename(file.name),
      contentType,
      sizeBytes: bytes.byteLength,
      blobKey,
      createdBy: creatorOf(ctx),
      createdAt: isoNow(ctx.clock),
    });
  } catch (error) {
    // The insert's error is the one worth reporting; a failed cleanup only leaves an unreachable blob.
    await blobs.delete(blobKey).catch(() => undefined);
    throw error;
  }
}
