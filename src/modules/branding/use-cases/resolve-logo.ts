import type { DbOrTx } from '../../../db/client';
import type { LogoImage } from '../../../rendering/types';
import type { BlobStore } from '../../../storage/blob-store';
import { findFile, isImageType, readFileBytes } from '../../files';
import type { BrandingProfileRow } from '../schema';

/**
 * The logo a render draws for a profile, or null: a deleted file, missing bytes or a non-image all fall
 * back to no logo (SPEC 4 Files), never to an error.
 */
export async function resolveLogo(
  db: DbOrTx,
  blobs: BlobStore,
  profile: Pick<BrandingProfileRow, 'accountId' | 'logoFileId'> | null | undefined,
): Promise<LogoImage | null> {
  if (!profile?.logoFileId) return null;
  const file = await findFile(db, profile.accountId, profile.logoFileId);
  if (!file || !isImageType(file.contentType)) return null;
  const bytes = await readFileBytes(blobs, file);
  if (!bytes || bytes.byteLength === 0) return null;
  return { bytes, contentType: file.contentType as LogoImage['contentType'] };
}
