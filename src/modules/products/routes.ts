import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, PageQuery, pageOf, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { CreateProductBody, Product, presentProduct, UpdateProductBody } from './model';
import { findProduct, listProducts } from './repo';
import { createProduct } from './use-cases/create-product';
import { deleteProduct } from './use-cases/delete-product';
import { updateProduct } from './use-cases/update-product';

const detail = (summary: string) => ({ summary, tags: ['Products'] });
const params = t.Object({ id: t.String() });

export function productRoutes(auth: Auth, _deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/products' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({ data: presentProduct(await createProduct({ ctx, input: body })) }),
      {
        auth: true,
        body: CreateProductBody,
        response: { 200: dataOf(Product), ...authErrors },
        detail: detail('Add an article to the catalogue (what a line item can be filled from)'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listProducts(ctx.db, ctx.accountId, page, query.q);
        return toPage(rows, page, (r) => r.id, presentProduct);
      },
      {
        auth: true,
        query: t.Object({
          ...PageQuery,
          q: t.Optional(
            t.String({
              maxLength: 200,
              description: 'Only those whose name or description contains this text (any case)',
            }),
          ),
        }),
        response: { 200: pageOf(Product), ...authErrors },
        detail: detail('List the article catalogue, newest first; ?q= searches name and description'),
      },
    )
    .get(
      '/:id',
      async ({ ctx, params }) => {
        const row = await findProduct(ctx.db, ctx.accountId, params.id);
        if (!row) throw notFound('Product');
        return { data: presentProduct(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(Product), ...withNotFound },
        detail: detail('Get an article'),
      },
    )
    .patch(
      '/:id',
      async ({ ctx, params, body }) => ({
        data: presentProduct(await updateProduct({ ctx, input: { id: params.id, patch: body } })),
      }),
      {
        auth: true,
        params,
        body: UpdateProductBody,
        response: { 200: dataOf(Product), ...withNotFound },
        detail: detail('Update an article: omitted fields stay, null clears'),
      },
    )
    .delete(
      '/:id',
      async ({ ctx, params }) => {
        await deleteProduct({ ctx, input: { id: params.id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail('Delete an article (documents keep the lines filled from it)'),
      },
    );
}
