import { t } from 'elysia';
import { CreatedBy, createdByField } from '../../domain/schema-parts';
import { validationError } from '../../shared/errors';
import { drawnFontFamily, fontFamilyProblems } from '../reference';
import type { CustomTemplateRow, TemplateVersionRow } from './schema';

const Hex = t.String({ pattern: '^#[0-9a-fA-F]{6}$', examples: ['#1f4e79'] });

/** SPEC 2: exactly these keys, all optional; anything else is a 422. */
export const TemplateConfigSchema = t.Object(
  {
    primary_color: t.Optional(Hex),
    accent_color: t.Optional(Hex),
    font_family: t.Optional(
      t.String({
        maxLength: 100,
        description:
          'An embedded family or a common name for one (Helvetica, Georgia, Courier...), answered as the family drawn; GET /api/v1/reference/fonts lists them',
      }),
    ),
    header_text: t.Optional(t.String({ maxLength: 500 })),
    footer_text: t.Optional(t.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const TemplateStatus = t.Union([t.Literal('draft'), t.Literal('published')]);

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const CustomTemplate = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.Union([t.String(), t.Null()]),
  base_template_id: t.String(),
  config: TemplateConfigSchema,
  status: TemplateStatus,
  is_default: t.Boolean(),
  created_by: CreatedBy,
  created_at: t.String(),
  updated_at: t.String(),
  published_at: t.Union([t.String(), t.Null()]),
});
export type CustomTemplate = typeof CustomTemplate.static;

export const CustomTemplateSummary = t.Omit(CustomTemplate, ['description', 'config']);

export const CreateTemplateBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 200 }),
    description: t.Optional(t.String({ maxLength: 2000 })),
    base_template_id: t.Optional(t.String({ description: 'A built-in tpl_* id; default tpl_modern' })),
    config: t.Optional(TemplateConfigSchema),
    is_default: t.Optional(t.Boolean({ description: "The account's template when a render names none" })),
  },
  { additionalProperties: false },
);
export type CreateTemplateBody = typeof CreateTemplateBody.static;

export const UpdateTemplateBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
    description: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
    config: t.Optional(TemplateConfigSchema),
    is_default: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateTemplateBody = typeof UpdateTemplateBody.static;

export const TemplateVersion = t.Object({
  id: t.String(),
  template_id: t.String(),
  version: t.Integer(),
  label: t.Union([t.String(), t.Null()]),
  changelog: t.Union([t.String(), t.Null()]),
  config: TemplateConfigSchema,
  created_at: t.String(),
});
export type TemplateVersion = typeof TemplateVersion.static;

export const CreateVersionBody = t.Object(
  { label: t.Optional(t.String({ maxLength: 100 })), changelog: t.Optional(t.String({ maxLength: 5000 })) },
  { additionalProperties: false },
);

export function presentTemplate(row: CustomTemplateRow): CustomTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    base_template_id: row.baseTemplateId,
    config: row.config as CustomTemplate['config'],
    status: row.status,
    is_default: row.isDefault,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    published_at: row.publishedAt,
  };
}

export function presentTemplateSummary(row: CustomTemplateRow) {
  const { description: _d, config: _c, ...summary } = presentTemplate(row);
  return summary;
}

export function presentVersion(row: TemplateVersionRow): TemplateVersion {
  return {
    id: row.id,
    template_id: row.templateId,
    version: row.version,
    label: row.label,
    changelog: row.changelog,
    config: row.config as TemplateVersion['config'],
    created_at: row.createdAt,
  };
}

/** A name of blanks is no name (as a branding profile's): 422 at `body.name` on create and on PATCH. */
export function checkTemplateName(name: string | undefined): void {
  if (name !== undefined && name.trim() === '') {
    throw validationError([{ loc: 'body.name', msg: 'name must not be blank', type: 'invalid_value' }]);
  }
}

type TemplateConfig = typeof TemplateConfigSchema.static;

/** The config as stored: `font_family` resolved to the family drawn (Helvetica -> Noto Sans); 422 if unknown. */
export function checkedConfig<T extends TemplateConfig | undefined>(config: T, loc = 'body.config'): T {
  if (!config?.font_family) return config;
  const problems = fontFamilyProblems(config.font_family, `${loc}.font_family`);
  if (problems.length > 0) throw validationError(problems);
  return { ...config, font_family: drawnFontFamily(config.font_family) };
}
