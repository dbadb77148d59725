import type { AccountCtx } from '../../../shared/context';
import { type CreateDocumentBody, previewDraft } from '../../documents';
import type { RenderServices } from '../services';
import { renderDocumentRow } from './render-stored-document';

export interface DraftPreviewBody extends CreateDocumentBody {
  template_id?: string;
  template_version?: number;
}

/**
 * The editor's preview: the form as the draft it would store, drawn as a render of that stored document
 * would be (the document's language else the profile's, the profile's page size and logo, the parties as
 * the profile and customer give them). Nothing is stored but the render itself; it counts as one.
 */
export async function renderDraftPreview({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: { body: DraftPreviewBody; monthlyQuota: number; planId: string };
}) {
  const { template_id, template_version, ...document } = input.body;
  const { row, einvoice } = await previewDraft(ctx, document);
  return await renderDocumentRow({
    ctx,
    services,
    input: {
      row,
      einvoice,
      documentId: null,
      monthlyQuota: input.monthlyQuota,
      planId: input.planId,
      body: { template_id, template_version },
    },
  });
}
