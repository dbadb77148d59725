import type { RenderInput } from '../../../rendering/types';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { type DocumentRow, einvoiceInputOf, findDocument, type StoredEInvoiceInput } from '../../documents';
import type { DocumentType, PageSizeId } from '../../reference';
import { type ResolvedTemplate, resolveTemplate } from '../../templates';
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
 * sent, and drafts are previewed with POST /documents/preview (renderDraftPreview) instead.
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
      'Finalize the document before rendering it; preview drafts with POST /api/v1/documents/preview',
    );
  }
  return await renderDocumentRow({
    ctx,
    services,
    input: { ...input, row, einvoice: await einvoiceInputOf(ctx, row), documentId: row.id },
  });
}

/**
 * Draws a document row (stored, or a draft previewed before it is stored) exactly as a render of the
 * stored document does: the profile's logo and page size, the document's language, else the profile's.
 */
export async function renderDocumentRow({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: {
    row: DocumentRow;
    einvoice: StoredEInvoiceInput;
    documentId: string | null;
    monthlyQuota: number;
    planId: string;
    body: StoredRenderBody;
  };
}) {
  const { template, pdf, compliance } = await storedPdfInput(ctx, services, input);
  return produceRender({
    ctx,
    services,
    input: {
      accountId: ctx.accountId,
      monthlyQuota: input.monthlyQuota,
      documentId: input.documentId,
      currency: input.row.currency,
      expiresIn: input.body.expires_in ?? DEFAULT_EXPIRES_IN,
      templateId: template.id,
      templateVersion: template.version,
      compliance,
      pdf,
    },
  });
}

/**
 * What drawing a stored document takes: its data in its template, style, language and page size (and the
 * Factur-X part when asked). A reminder letter is drawn from the same input (docs/dunning.md).
 */
export async function storedPdfInput(
  ctx: AccountCtx,
  services: RenderServices,
  input: { row: DocumentRow; planId: string; body: StoredRenderBody; einvoice?: StoredEInvoiceInput },
): Promise<{ template: ResolvedTemplate; pdf: RenderInput; compliance: Record<string, unknown> | null }> {
  const { row } = input;
  const template = await resolveTemplate(ctx, {
    id: input.body.template_id,
    version: input.body.template_version,
    versionLoc: 'body.template_version',
  });
  const einvoice = input.einvoice ?? (await einvoiceInputOf(ctx, row));
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
  const pdf: RenderInput = {
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
  };
  return { template, pdf, compliance: facturx?.compliance ?? null };
}
