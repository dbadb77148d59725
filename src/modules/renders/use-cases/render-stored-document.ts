import type { RenderInput } from '../../../rendering/types';
import type { AccountCtx } from '../../../shared/context';
import { conflict, notFound } from '../../../shared/errors';
import { findBusinessProfile } from '../../business-profiles';
import { type DocumentRow, einvoiceInputOf, findDocument, type StoredEInvoiceInput } from '../../documents';
import type { DocumentType, PageSizeId } from '../../reference';
import { type ResolvedTemplate, resolveTemplate } from '../../templates';
import { DEFAULT_EXPIRES_IN } from '../model';
import type { IssuedFileRow, IssuedFirstUse } from '../schema';
import type { RenderServices } from '../services';
import { facturxPart } from './facturx';
import { FACTUR_X, PLAIN_PDF } from './issued-files';
import { keptPdf, serveIssuedPdf } from './issued-pdf';
import { LostOriginal, produceRender } from './produce-render';
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
  input: {
    documentId: string;
    monthlyQuota: number;
    planId: string;
    body: StoredRenderBody;
    /** What needs the PDF, recorded when it becomes the original (default: a render). */
    firstUse?: IssuedFirstUse;
  };
}) {
  const row = await findDocument(ctx.db, ctx.accountId, input.documentId);
  if (!row) throw notFound('Document');
  if (row.status === 'draft') {
    throw conflict(
      'Finalize the document before rendering it; preview drafts with POST /api/v1/documents/preview',
    );
  }
  return await renderIssuedDocument(ctx, services, { ...input, row, firstUse: input.firstUse ?? 'render' });
}

/** True when the body asks for nothing the kept original was not drawn in (what it omits, it takes from it). */
function asksKeptLook(body: StoredRenderBody, kept: IssuedFileRow): boolean {
  return (
    (body.template_id === undefined || body.template_id === kept.templateId) &&
    (body.template_version === undefined || body.template_version === kept.templateVersion) &&
    (body.page_size === undefined || body.page_size === kept.pageSize)
  );
}

/** A copy's look: what the body names, the rest as the original was drawn. */
function copyLook(body: StoredRenderBody, kept: IssuedFileRow): StoredRenderBody {
  const sameTemplate = body.template_id === undefined || body.template_id === kept.templateId;
  return {
    ...body,
    template_id: body.template_id ?? kept.templateId ?? undefined,
    template_version:
      body.template_version ?? (sameTemplate ? (kept.templateVersion ?? undefined) : undefined),
    page_size: body.page_size ?? (kept.pageSize as PageSizeId | null) ?? undefined,
  };
}

/**
 * A stored (not draft) document's PDF, issued once (docs/renders.md, "Issued is issued"): the first PDF of
 * its form (plain, or Factur-X) is drawn, counted, and kept as its original; a later render in the same look
 * (or naming none) serves the kept bytes without drawing or counting; one naming another template, version
 * or page size is a copy, drawn and counted, marked "Kopie / Copy", and answered `copy: true`. Two first
 * renders at once keep one original: the one that loses is undone and takes the kept one instead.
 */
async function renderIssuedDocument(
  ctx: AccountCtx,
  services: RenderServices,
  input: {
    row: DocumentRow;
    monthlyQuota: number;
    planId: string;
    body: StoredRenderBody;
    firstUse: IssuedFirstUse;
  },
) {
  const { row, body } = input;
  const profile = body.format === 'facturx_pdf' ? FACTUR_X : PLAIN_PDF;
  const expiresIn = body.expires_in ?? DEFAULT_EXPIRES_IN;
  for (let attempt = 1; ; attempt++) {
    const kept = await keptPdf(ctx, services, row, profile, input.firstUse);
    if (kept && asksKeptLook(body, kept)) return await serveIssuedPdf(ctx, services, row, kept, expiresIn);
    try {
      return await drawDocumentRow({
        ctx,
        services,
        input: {
          ...input,
          einvoice: await einvoiceInputOf(ctx, row),
          documentId: row.id,
          body: kept ? copyLook(body, kept) : body,
          keep: kept ? null : { profile, firstUse: input.firstUse },
          copy: kept !== undefined,
        },
      });
    } catch (error) {
      // Another first render kept its original meanwhile: this one was undone; take that one (or a copy).
      if (!(error instanceof LostOriginal) || attempt >= 3) throw error;
    }
  }
}

/** What drawing a document row takes: the row, its e-invoice input, the plan whose quota it counts against. */
interface DocumentRowInput {
  row: DocumentRow;
  einvoice: StoredEInvoiceInput;
  documentId: string | null;
  monthlyQuota: number;
  planId: string;
  body: StoredRenderBody;
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
  input: DocumentRowInput;
}) {
  return await drawDocumentRow({ ctx, services, input: { ...input, keep: null, copy: false } });
}

async function drawDocumentRow({
  ctx,
  services,
  input,
}: {
  ctx: AccountCtx;
  services: RenderServices;
  input: DocumentRowInput & {
    keep: { profile: string; firstUse: IssuedFirstUse } | null;
    copy: boolean;
  };
}) {
  const { template, pdf, compliance } = await storedPdfInput(ctx, services, input);
  return await produceRender({
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
      pdf: input.copy ? { ...pdf, copy: true } : pdf,
      keep: input.keep,
      copy: input.copy,
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
    sourceDocumentDate: einvoice.precedingInvoiceDate,
  };
  return { template, pdf, compliance: facturx?.compliance ?? null };
}
