import { type TSchema, t } from 'elysia';
import type { ErrorCode } from '../shared/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../shared/pagination';
import { STATUS_BY_CODE } from './errors';

const ERROR_CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[];

/** One problem of a request (a 422's `details.fields`), as docs/api-conventions.md#validation-422 says. */
const FieldProblem = t.Object({
  loc: t.String({
    description: 'Where: dotted from the part of the request (`body.line_items.0.unit_price`, `query.limit`)',
  }),
  msg: t.String(),
  type: t.String({
    description: '`missing`, `extra_forbidden`, or the check that failed (`string_type`, `too_short`, …)',
  }),
});

export const ErrorEnvelope = t.Object(
  {
    error: t.Object({
      status: t.Integer({ description: "The answer's HTTP status" }),
      code: t.Union(
        ERROR_CODES.map((code) => t.Literal(code)),
        { description: 'What went wrong, for a program to tell cases apart (docs/api-conventions.md)' },
      ),
      message: t.String({ description: 'What went wrong, for a person' }),
      request_id: t.String({ description: 'The same as the X-Trace-Id header and in the server log' }),
      details: t.Optional(
        t.Object(
          { fields: t.Optional(t.Array(FieldProblem, { description: "A 422's problems, one per field" })) },
          {
            additionalProperties: true,
            description:
              'More about the error (which depends on it: max_bytes, requests_per_second, amount_paid, documents, ...); omitted when there is nothing more',
          },
        ),
      ),
    }),
  },
  { $id: '#/components/schemas/Error' },
);

/**
 * An answer that is a file, not JSON: a ZIP, a CSV, a PDF or XML (`mediaType`). The OpenAPI document lists
 * it under that media type (src/http/docs.ts), alone or beside the JSON alternative of a `t.Union`.
 */
export const fileResponse = (mediaType: string, description: string) =>
  t.Any({ description, 'x-media-type': mediaType });

/** `{data: X}`, the success envelope. */
export const dataOf = <T extends TSchema>(schema: T) => t.Object({ data: schema });

export const Pagination = t.Object({ has_more: t.Boolean(), next_cursor: t.Union([t.String(), t.Null()]) });

/** A page of a cursor-paginated list. */
export const pageOf = <T extends TSchema>(item: T) =>
  t.Object({ data: t.Array(item), pagination: Pagination });

/**
 * A page's `limit`: a whole number, `type: integer` in the OpenAPI document as every whole number is
 * (docs/api-conventions.md; before 2026-12-07 it was declared a string). The query's numeral is checked as
 * an integer and handed on as its numeral to the pagination helper (`readPageRequest`), which checks the
 * range and names `query.limit` in its 422 (the union's own range check named no field): the range is the
 * document's, beside the union, which checks its alternatives only.
 */
export const PageLimit = t
  .Transform(
    Object.assign(
      t.Integer({
        description: `Page size, 1-${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
        examples: [DEFAULT_PAGE_SIZE],
      }),
      { minimum: 1, maximum: MAX_PAGE_SIZE },
    ),
  )
  .Decode((limit) => String(limit))
  .Encode((limit) => Number(limit));

export const PageQuery = {
  limit: t.Optional(PageLimit),
  cursor: t.Optional(t.String({ description: 'next_cursor from the previous page' })),
};

/** The errors every authenticated route can answer, spread into each route's `response`. */
export const authErrors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
};
export const withNotFound = { ...authErrors, 404: ErrorEnvelope };
export const withConflict = { ...withNotFound, 409: ErrorEnvelope };
