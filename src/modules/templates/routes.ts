import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, fileResponse, withNotFound } from '../../http/schemas';
import { BUILT_IN_TEMPLATES } from '../../rendering/templates';
import type { AccountCtx } from '../../shared/context';
import { type FieldError, notFound, validationError } from '../../shared/errors';
import {
  linkHolderOf,
  Render,
  renderResponse,
  renderServicesOf,
  renderStateless,
  StatelessRenderBody,
  statelessRenderOf,
  wantsBinary,
} from '../renders';
import { checkedConfig, TemplateConfigSchema } from './model';
import { findTemplate } from './repo';

const detail = (summary: string) => ({ summary, tags: ['Templates'] });
const TemplateSummary = t.Object({ template_id: t.String(), name: t.String(), document_type: t.String() });
const TemplateDetail = t.Object({ ...TemplateSummary.properties, engine: t.String() });

/**
 * SPEC 2 calls the engine `html-css`; the designs here are drawn by pdfkit from the same template data, and
 * the field keeps the spec's value so clients written against it keep working.
 */
const ENGINE = 'html-css';

/** The stateless render body, and the template settings to try (a designer's unsaved changes). */
const PreviewBody = t.Object(
  { ...StatelessRenderBody.properties, config: t.Optional(TemplateConfigSchema) },
  { additionalProperties: false },
);

function builtIn(id: string) {
  const template = BUILT_IN_TEMPLATES.find((tpl) => tpl.id === id);
  if (!template) throw notFound('Template');
  return { template_id: template.id, name: template.name, document_type: 'invoice', engine: ENGINE };
}

/** `GET /templates/{id}` answers for custom ids too, in the same shape ("usable wherever a tpl_ id is"). */
async function anyTemplate(ctx: AccountCtx, id: string) {
  const custom = id.startsWith('ctpl_') ? await findTemplate(ctx.db, ctx.accountId, id) : undefined;
  if (custom) return { template_id: custom.id, name: custom.name, document_type: 'invoice', engine: ENGINE };
  return builtIn(id);
}

/**
 * The template a preview draws is the path's, and its body is the stateless render's (SPEC 4): a
 * `template.version` there pins as `?version=` does when the body names this template (or no id); before,
 * it was ignored and the current config drawn, even for a version the template never had. A body naming
 * another template (a stateless render's body reused as it is) is drawn with the path's template, its
 * version not taken for this one's. A query and a body that pin different versions is a 422.
 */
function previewVersion(
  templateId: string,
  queryVersion: string | undefined,
  body: typeof PreviewBody.static,
): { version: number | undefined; versionLoc: string } {
  const problems: FieldError[] = [];
  let version: number | undefined;
  if (queryVersion !== undefined) {
    if (/^[1-9]\d{0,8}$/.test(queryVersion)) version = Number(queryVersion);
    else problems.push({ loc: 'query.version', msg: 'version must be a whole number >= 1', type: 'invalid' });
  }
  const bodyId = body.template?.id;
  const bodyVersion = bodyId === undefined || bodyId === templateId ? body.template?.version : undefined;
  if (bodyVersion !== undefined && version !== undefined && bodyVersion !== version) {
    problems.push({
      loc: 'body.template.version',
      msg: `names another version than query.version (${version})`,
      type: 'invalid_value',
    });
  }
  if (problems.length > 0) throw validationError(problems);
  if (version !== undefined) return { version, versionLoc: 'query.version' };
  return { version: bodyVersion, versionLoc: 'body.template.version' };
}

export function templateRoutes(auth: Auth, deps: AppDeps) {
  const services = renderServicesOf(deps);
  return new Elysia({ prefix: '/api/v1/templates' })
    .use(auth)
    .get(
      '',
      () => ({
        data: BUILT_IN_TEMPLATES.map((tpl) => ({
          template_id: tpl.id,
          name: tpl.name,
          document_type: 'invoice',
        })),
      }),
      {
        auth: true,
        response: { 200: dataOf(t.Array(TemplateSummary)), ...authErrors },
        detail: detail('The six built-in templates'),
      },
    )
    .get('/builtin/:template_id', ({ params }) => ({ data: builtIn(params.template_id) }), {
      auth: true,
      params: t.Object({ template_id: t.String() }),
      response: { 200: dataOf(TemplateDetail), ...withNotFound },
      detail: detail('A built-in template (404 for an unknown id)'),
    })
    .get('/:template_id', async ({ ctx, params }) => ({ data: await anyTemplate(ctx, params.template_id) }), {
      auth: true,
      params: t.Object({ template_id: t.String() }),
      response: { 200: dataOf(TemplateDetail), ...withNotFound },
      detail: detail('A template'),
    })
    .post(
      '/:template_id/preview',
      async ({ ctx, principal, params, query, body, request }) => {
        const { version, versionLoc } = previewVersion(params.template_id, query.version, body);
        const result = await renderStateless({
          ctx,
          services,
          input: {
            accountId: ctx.accountId,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
            render: statelessRenderOf(body, {
              id: params.template_id,
              version,
              versionLoc,
              draftConfig: body.config ? checkedConfig(body.config) : undefined,
            }),
          },
        });
        return renderResponse(
          services,
          request,
          result,
          wantsBinary(request, body.output?.delivery),
          linkHolderOf(ctx),
        );
      },
      {
        auth: true,
        params: t.Object({ template_id: t.String() }),
        query: t.Object({
          version: t.Optional(
            t.String({
              description:
                'The version of the template to draw (a whole number from 1); default: its current config',
            }),
          ),
        }),
        body: PreviewBody,
        response: {
          200: t.Union([
            dataOf(Render),
            fileResponse(
              'application/pdf',
              'PDF bytes (with Accept: application/pdf or output.delivery: binary)',
            ),
          ]),
          ...withNotFound,
        },
        detail: detail(
          'Preview a template with posted document data (same body as the stateless render; `config` tries unsaved template settings without storing them)',
        ),
      },
    );
}
