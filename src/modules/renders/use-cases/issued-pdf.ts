// A stored document's kept PDF (issued-files.ts): found, adopted from a render made before originals were
// kept, or served as a render without drawing.
import { isoNow } from '../../../shared/clock';
import type { AccountCtx } from '../../../shared/context';
import { newId } from '../../../shared/ids';
import { type DocumentRow, presentTotals } from '../../documents';
import { MAX_EXPIRES_IN } from '../model';
import { findIssuedFile, insertRender, latestRenderOf } from '../repo';
import type { IssuedFileRow, IssuedFirstUse, RenderRow } from '../schema';
import type { RenderServices } from '../services';
import { FACTUR_X, ISSUED_PREFIX, keepIssuedFile, readIssuedFile } from './issued-files';

/**
 * The document's kept PDF of that form ('' plain, or Factur-X's). A document rendered before originals
 * were kept has none yet while its render is still live (a week at most): its newest live render of that
 * form, the one sent, becomes the original on first use.
 */
export async function keptPdf(
  ctx: AccountCtx,
  services: RenderServices,
  document: DocumentRow,
  profile: string,
  firstUse: IssuedFirstUse,
): Promise<IssuedFileRow | undefined> {
  const kept = await findIssuedFile(ctx.db, ctx.accountId, document.id, 'pdf', profile);
  if (kept) return kept;
  const live = await latestRenderOf(ctx.db, ctx.accountId, document.id, isoNow(ctx.clock));
  const sameForm = live && (live.compliance !== null) === (profile === FACTUR_X);
  if (!live || !sameForm || live.blobKey.startsWith(ISSUED_PREFIX)) return undefined;
  const bytes = await services.blobs.get(live.blobKey);
  if (!bytes) return undefined;
  const look = {
    templateId: live.templateId,
    templateVersion: live.templateVersion,
    pageSize: live.pageSize,
  };
  const { file } = await keepIssuedFile(ctx, services.blobs, {
    documentId: document.id,
    kind: 'pdf',
    profile,
    bytes,
    firstUse,
    look,
    compliance: live.compliance,
  });
  return file;
}

/**
 * A render that serves a kept original (no drawing, no unit of quota): its own id, link and expiry, its
 * file the original's. Only a database write, so a send can make one inside its transaction.
 */
export async function renderOfIssued(
  ctx: AccountCtx,
  document: DocumentRow,
  file: IssuedFileRow,
  expiresIn: number,
): Promise<RenderRow> {
  const now = ctx.clock.now();
  return await insertRender(ctx.db, {
    id: newId('rnd'),
    accountId: ctx.accountId,
    documentId: document.id,
    documentType: document.documentType,
    format: 'pdf',
    templateId: file.templateId ?? 'tpl_modern',
    templateVersion: file.templateVersion,
    pageSize: file.pageSize ?? 'LETTER',
    blobKey: file.blobKey,
    sizeBytes: file.sizeBytes,
    calculation: presentTotals(document.totals, document.currency),
    compliance: file.compliance,
    copy: false,
    expiresAt: new Date(now.getTime() + Math.min(expiresIn, MAX_EXPIRES_IN) * 1000).toISOString(),
    createdAt: now.toISOString(),
  });
}

/** renderOfIssued with the kept bytes (a render request answered from the original). */
export async function serveIssuedPdf(
  ctx: AccountCtx,
  services: RenderServices,
  document: DocumentRow,
  file: IssuedFileRow,
  expiresIn: number,
): Promise<{ row: RenderRow; bytes: Uint8Array }> {
  const bytes = await readIssuedFile(services.blobs, file);
  return { row: await renderOfIssued(ctx, document, file, expiresIn), bytes };
}
