import type { DbOrTx } from '../../../db/client';
import type { TemplateConfig } from '../../../rendering/types';
import type { Clock } from '../../../shared/clock';
import { validationError } from '../../../shared/errors';
import type { DocumentData, StatelessBody } from '../../documents';
import { documentTotals, statelessProblems } from '../../documents';
import type { DocumentType, PageSizeId } from '../../reference';
import { resolveTemplate } from '../../templates';
import { DEFAULT_EXPIRES_IN } from '../model';
import type { RenderServices } from '../services';
import { facturxPart } from './facturx';
import { produceRender } from './produce-render';
import { renderStyle } from './render-style';

export interface StatelessRenderBody extends StatelessBody {
  template?: { id: string; version?: number };
  rendering?: { template_id?: string };
  output?: {
    format?: 'pdf' | 'facturx_pdf';
    delivery?: 'url' | 'binary';
    expires_in?: number;
    page_size?: PageSizeId;
  };
}

/** A stateless render in the domain's terms: what to draw, with which template, as what. */
export interface StatelessRender {
  documentType: DocumentType;
  data: DocumentData;
  /** `versionLoc` names where a bad version came from, for the 422 (`body.template.version`, `query.version`). */
  template: { id?: string; version?: number; versionLoc: string; draftConfig?: TemplateConfig };
  output: { format: 'pdf' | 'facturx_pdf'; expiresIn: number; pageSize: PageSizeId };
  /** A received e-invoice drawn for reading (RenderInput.received). */
  received?: boolean;
}

/**
 * The render request of POST /documents/render (and a template preview, which names the template in its
 * path): every problem of the body as one 422 with `body.` locs, then the domain's terms.
 */
export function statelessRenderOf(
  body: StatelessRenderBody,
  pathTemplate?: { id: string; version?: number; versionLoc: string; draftConfig?: TemplateConfig },
): StatelessRender {
  const problems = statelessProblems(body, true);
  if (body.template?.id && body.rendering?.template_id && body.template.id !== body.rendering.template_id) {
    problems.push({
      loc: 'body.rendering.template_id',
      msg: 'names another template than body.template.id',
      type: 'invalid_value',
    });
  }
  if (problems.length > 0) throw validationError(problems);
  const named = body.template?.id ?? body.rendering?.template_id;
  return {
    documentType: body.document_type ?? 'invoice',
    data: body.data,
    template: pathTemplate ?? {
      id: named,
      version: body.template?.version,
      versionLoc: 'body.template.version',
    },
    output: {
      format: body.output?.format ?? 'pdf',
      expiresIn: body.output?.expires_in ?? DEFAULT_EXPIRES_IN,
      pageSize: body.output?.page_size ?? 'LETTER',
    },
  };
}

/** Renders document data without storing a document (the render itself is kept until it expires). */
export async function renderStateless({
  ctx,
  services,
  input,
}: {
  ctx: { db: DbOrTx; clock: Clock };
  services: RenderServices;
  input: {
    accountId: string;
    monthlyQuota: number;
    planId: string;
    render: StatelessRender;
    /** Fixed render and usage-event ids, for a job that may run again after a crash (batch items). */
    ids?: { renderId: string; eventId: string };
  };
}) {
  const { data, documentType, output } = input.render;
  const scope = { db: ctx.db, accountId: input.accountId };
  const template = await resolveTemplate(scope, input.render.template);
  const style = await renderStyle(scope, services, {
    template,
    planId: input.planId,
    documentLogoId: data.branding?.logo_file_id,
  });
  const totals = documentTotals(data.currency, data);
  if (!totals.ok) throw validationError(totals.problems.map((p) => ({ ...p, loc: `body.data.${p.loc}` })));
  const facturx =
    output.format === 'facturx_pdf'
      ? await facturxPart(
          services.compliance,
          { db: ctx.db, accountId: input.accountId, supportingLoc: 'body.data.supporting_documents' },
          { documentType, data },
        )
      : null;
  return produceRender({
    ctx,
    services,
    input: {
      accountId: input.accountId,
      monthlyQuota: input.monthlyQuota,
      documentId: null,
      currency: data.currency,
      expiresIn: output.expiresIn,
      templateId: template.id,
      templateVersion: template.version,
      compliance: facturx?.compliance ?? null,
      ids: input.ids,
      pdf: {
        documentType,
        facturx: facturx ? { xml: facturx.xml, attachments: facturx.attachments } : null,
        data,
        totals: totals.totals,
        templateId: template.base,
        config: style.config,
        logo: style.logo,
        pageSize: output.pageSize,
        locale: data.locale ?? 'en-US',
        serviceCredit: style.serviceCredit,
        ...(input.render.received && { received: true }),
      },
    },
  });
}
