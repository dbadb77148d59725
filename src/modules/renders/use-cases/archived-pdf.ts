import type { AccountCtx } from '../../../shared/context';
import type { DocumentRow } from '../../documents';
import { findIssuedFile } from '../repo';
import type { IssuedFileRow, IssuedFirstUse } from '../schema';
import type { RenderServices } from '../services';
import { FACTUR_X, PLAIN_PDF, readIssuedFile } from './issued-files';
import { keptPdf } from './issued-pdf';
import { renderStoredDocument } from './render-stored-document';

/**
 * The PDF an archive or audit export holds for a stored document: its kept original in the form its
 * customer gets (Factur-X first for a Factur-X buyer), else the other form's, else drawn now as a render
 * (counted) and kept from then on.
 */
export async function issuedPdf(
  ctx: AccountCtx,
  services: RenderServices,
  document: DocumentRow,
  input: { facturxFirst: boolean; firstUse: IssuedFirstUse; monthlyQuota: number; planId: string },
): Promise<{ file: IssuedFileRow | null; bytes: Uint8Array }> {
  const forms = input.facturxFirst ? [FACTUR_X, PLAIN_PDF] : [PLAIN_PDF, FACTUR_X];
  for (const profile of forms) {
    const kept = await keptPdf(ctx, services, document, profile, input.firstUse);
    if (kept) return { file: kept, bytes: await readIssuedFile(services.blobs, kept) };
  }
  const made = await renderStoredDocument({
    ctx,
    services,
    input: {
      documentId: document.id,
      monthlyQuota: input.monthlyQuota,
      planId: input.planId,
      body: {},
      firstUse: input.firstUse,
    },
  });
  const file = await findIssuedFile(ctx.db, ctx.accountId, document.id, 'pdf', PLAIN_PDF);
  return { file: file ?? null, bytes: made.bytes };
}
