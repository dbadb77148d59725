import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { taxCategories, taxSchemes, unitCodes } from '../../domain/reference/coded-lists';
import { listCountries } from '../../domain/reference/countries';
import { listCurrencies } from '../../domain/reference/currencies';
import { listDocumentTypes } from '../../domain/reference/document-types';
import { listLocales } from '../../domain/reference/locales';
import { listPageSizes } from '../../domain/reference/page-sizes';
import { listTimezones } from '../../domain/reference/timezones';
import { packSummary } from '../../einvoicing/rule-pack-store';
import type { Auth } from '../../http/auth';
import { listFonts } from './fonts';

/** Reference lists are public: no key needed (`security: []` in the OpenAPI document). */
const detail = (summary: string) => ({ summary, tags: ['Reference data'], security: [] });
const list = <T extends Parameters<typeof t.Array>[0]>(item: T) => t.Object({ data: t.Array(item) });
const Coded = t.Object({
  data: t.Array(t.Object({ code: t.String(), label: t.String() })),
  standard: t.String(),
  exhaustive: t.Boolean(),
});

const Nullable = (description: string) => t.Union([t.String(), t.Null()], { description });
const RulePackList = t.Object({
  origin: t.Union([t.Literal('embedded'), t.Literal('installed'), t.Literal('rulesets_dir')], {
    description:
      'embedded: the pack of this release; installed: one installed with `rules install`; rulesets_dir: RULESETS_DIR',
  }),
  available: t.Boolean(),
  reason: Nullable('Why the pack cannot be used, when it cannot'),
  data: t.Array(
    t.Object({
      id: t.String(),
      label: t.String(),
      version: t.String(),
      valid_from: Nullable('The date this release is in force from, when the pack says (YYYY-MM-DD)'),
      syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
      source: Nullable('Where the release comes from'),
      licence: Nullable('Its licence'),
    }),
  ),
  profiles: t.Array(
    t.Object({
      id: t.String({ description: 'A compliance profile' }),
      syntax: t.Union([t.Literal('ubl'), t.Literal('cii')]),
      rulesets: t.Array(t.String()),
      xsd: t.Array(t.String()),
    }),
  ),
});

/** Public, unmetered lists; they change only with a new release (timezone offsets with the clock). */
/** Public reference lists (no key: `auth` is not used; `deps` only for the active rule pack). */
export function referenceRoutes(_auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/reference' })
    .onAfterHandle(({ set, path }) => {
      // The rule pack changes when an operator installs one and restarts, not with a release.
      set.headers['cache-control'] =
        path.endsWith('/timezones') || path.endsWith('/rulesets')
          ? 'public, max-age=900'
          : 'public, max-age=86400';
    })
    .get('/currencies', () => ({ data: listCurrencies() }), {
      response: list(
        t.Object({ code: t.String(), name: t.String(), symbol: t.String(), decimals: t.Integer() }),
      ),
      detail: detail('Active ISO 4217 currencies with their minor units'),
    })
    .get('/countries', () => ({ data: listCountries() }), {
      response: list(t.Object({ code: t.String(), name: t.String() })),
      detail: detail('ISO 3166-1 countries'),
    })
    .get('/fonts', () => ({ data: listFonts() }), {
      response: list(
        t.Object({
          name: t.String({ description: 'The family drawn; what font_family answers' }),
          style: t.Union([t.Literal('sans-serif'), t.Literal('serif'), t.Literal('monospace')]),
          aliases: t.Array(t.String(), { description: 'Names accepted for it (case-insensitive)' }),
          weights: t.Array(t.Integer()),
          italic: t.Boolean(),
          scripts: t.Array(t.String()),
          source: t.String(),
        }),
      ),
      detail: detail(
        'The embedded font families font_family may name, with the other names accepted for each',
      ),
    })
    .get('/locales', () => ({ data: listLocales() }), {
      response: list(t.Object({ code: t.String(), name: t.String() })),
      detail: detail('Supported BCP 47 locales'),
    })
    .get('/timezones', () => ({ data: listTimezones() }), {
      response: list(t.Object({ name: t.String(), offset: t.String() })),
      detail: detail('IANA time zones with their current UTC offset'),
    })
    .get('/page-sizes', () => ({ data: listPageSizes() }), {
      response: list(
        t.Object({ id: t.String(), name: t.String(), width_mm: t.Number(), height_mm: t.Number() }),
      ),
      detail: detail('Page sizes for renders'),
    })
    .get('/document-types', () => ({ data: listDocumentTypes() }), {
      response: list(
        t.Object({
          id: t.String(),
          name: t.String(),
          number_prefix: t.String(),
          payable: t.Boolean(),
          requires_source_document: t.Boolean(),
          supports_reason: t.Boolean(),
          line_item_type: t.Union([t.Literal('standard'), t.Literal('shipped')]),
          actions: t.Array(t.String()),
        }),
      ),
      detail: detail('The seven document types and the actions each allows'),
    })
    .get('/tax-categories', () => codedResponse(taxCategories()), {
      response: Coded,
      detail: detail('UNCL5305 tax categories (exhaustive)'),
    })
    .get('/tax-schemes', () => codedResponse(taxSchemes()), {
      response: Coded,
      detail: detail('UNCL5153 tax schemes (exhaustive)'),
    })
    .get('/rulesets', () => packSummary(deps.rulePack, deps.rulePackOrigin), {
      response: RulePackList,
      detail: detail(
        'The official rule pack compliance checks run: its rulesets (version, valid-from date, source, licence) and profiles',
      ),
    })
    .get('/unit-codes', () => codedResponse(unitCodes()), {
      response: Coded,
      detail: detail('UN/ECE Recommendation 20 unit codes: a shortlist, any code is accepted'),
    });
}

function codedResponse(list: {
  standard: string;
  exhaustive: boolean;
  items: { code: string; label: string }[];
}) {
  return { data: list.items, standard: list.standard, exhaustive: list.exhaustive };
}
