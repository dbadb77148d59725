import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import type { DocumentData } from '../../documents/model';
import { findDocument } from '../../documents/repo';
import { readDocument } from '../../documents/use-cases/read-document';
import type { PageSizeId } from '../../reference';
import { resolveTemplate, SERVICE_CREDIT } from '../../templates/resolve-template';
import { DEFAULT_EXPIRES_IN } from '../model';
import type { RenderServices } from '../services';
import { produceRender } from './produce-render';

export interface StoredRenderBody {
  template_id?: string;
  template_version?: number;
  page_size?: PageSizeId;
  expires_in?: number;
}

/**
 * Renders a stored document. Drafts are refused (409): a PDF of a stored document is something that gets
 * sent, and drafts are previewed with the stateless render or the template preview instead.
 */
export async function renderStoredDocument({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: { documentId: string; monthlyQuota: number; body: StoredRenderBody };
}) {
  const row = findDocument(ctx.db, ctx.accountId, input.documentId);
  if (!row) throw notFound('Document');
  if (row.status === 'draft') {
    throw conflict(
      'Finalize the document before rendering it; preview drafts with POST /api/v1/documents/render',
    );
  }
  const template = resolveTemplate({
    id: input.body.template_id ?? 'tpl_modern',
    version: input.body.template_version,
    versionLoc: 'body.template_version',
  });
  const document = readDocument(ctx, row);
  const profile = findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const source = row.sourceDocumentId ? findDocument(ctx.db, ctx.accountId, row.sourceDocumentId) : undefined;
  return produceRender({
    ctx,
    services,
    input: {
      accountId: ctx.accountId,
      monthlyQuota: input.monthlyQuota,
      documentId: row.id,
      currency: row.currency,
      expiresIn: input.body.expires_in ?? DEFAULT_EXPIRES_IN,
      templateVersion: template.version,
      pdf: {
        documentType: document.document_type,
        data: document.data as unknown as DocumentData,
        totals: row.totals,
        templateId: template.base,
        config: template.config,
        pageSize: input.body.page_size ?? 'LETTER',
        locale: row.locale ?? profile?.defaultLocale ?? 'en-US',
        serviceCredit: SERVICE_CREDIT,
        sourceDocumentNumber: source?.number ?? null,
      },
    },
  });
}
