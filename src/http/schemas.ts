import { type TSchema, t } from 'elysia';

export const ErrorEnvelope = t.Object(
  {
    error: t.Object({
      status: t.Integer(),
      code: t.String(),
      message: t.String(),
      request_id: t.String(),
      details: t.Optional(t.Record(t.String(), t.Unknown())),
    }),
  },
  { $id: '#/components/schemas/Error' },
);

/** `{data: X}`, the success envelope. */
export const dataOf = <T extends TSchema>(schema: T) => t.Object({ data: schema });

export const Pagination = t.Object({ has_more: t.Boolean(), next_cursor: t.Union([t.String(), t.Null()]) });

/** A page of a cursor-paginated list. */
export const pageOf = <T extends TSchema>(item: T) =>
  t.Object({ data: t.Array(item), pagination: Pagination });

/** `limit` stays a string in the schema so the pagination helper can name `query.limit` in its 422. */
export const PageQuery = {
  limit: t.Optional(t.String({ description: 'Page size, 1-100 (default 50)', examples: ['50'] })),
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
