import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { einvoiceInputOf, findDocument } from '../../documents';
import type { DocumentType, PageSizeId } from '../../reference';
import { resolveTemplate } from '../../templates';
import { DEFAULT_EXPIRES_IN } from '../model';
import type { RenderServices } from '../services';
import { facturxPart } from './facturx';
import { produceRender } from './produce-render';
import { renderStyle } from './render-style';

export interface StoredRenderBody {
  format?: 'pdf' | 'facturx_pdf';
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
  input: { documentId: string; monthlyQuota: number; planId: string; body: StoredRenderBody };
}) {
  const row = await findDocument(ctx.db, ctx.accountId, input.documentId);
  if (!row) throw notFound('Document');
  if (row.status === 'draft') {
    throw conflict(
      'Finalize the document before rendering it; preview drafts with POST /api/v1/documents/render',
    );
  }
  const template = await resolveTemplate(ctx, {
    id: input.body.template_id,
    version: input.body.template_version,
    versionLoc: 'body.template_version',
  });
  const einvoice = await einvoiceInputOf(ctx, row);
  const data = einvoice.data;
  const profile = await findBusinessProfile(ctx.db, ctx.accountId, row.businessProfileId);
  const style = await renderStyle(ctx, services, {
    template,
    planId: input.planId,
    documentLogoId: data.branding?.logo_file_id,
    businessProfileLogoId: profile?.logoFileId,
  });
  const facturx =
    input.body.format === 'facturx_pdf'
      ? await facturxPart(
          services.compliance,
          { ...ctx, supportingLoc: 'document.data.supporting_documents' },
          einvoice,
        )
      : null;
  return produceRender({
    ctx,
    services,
    input: {
      accountId: ctx.accountId,
      monthlyQuota: input.monthlyQuota,
      documentId: row.id,
      currency: row.currency,
      expiresIn: input.body.expires_in ?? DEFAULT_EXPIRES_IN,
      templateId: template.id,
      templateVersion: template.version,
      compliance: facturx?.compliance ?? null,
      pdf: {
        facturx: facturx ? { xml: facturx.xml, attachments: facturx.attachments } : null,
        documentType: row.documentType as DocumentType,
        data,
        totals: row.totals,
        templateId: template.base,
        config: style.config,
        logo: style.logo,
        // A render that names no page size takes the seller's (a German firm's A4), else SPEC's LETTER.
        pageSize: input.body.page_size ?? profile?.defaultPageSize ?? 'LETTER',
        locale: row.locale ?? profile?.defaultLocale ?? 'en-US',
        serviceCredit: style.serviceCredit,
        sourceDocumentNumber: einvoice.precedingInvoiceNumber,
      },
    },
  });
}
