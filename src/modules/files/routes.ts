import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, withNotFound } from '../../http/schemas';
import { notFound } from '../../shared/errors';
import { FileResource, MAX_FILE_BYTES, presentFile, UploadBody } from './model';
import { findFile } from './repo';
import { deleteFile } from './use-cases/delete-file';
import { storeUpload } from './use-cases/store-upload';

const detail = (summary: string) => ({ summary, tags: ['Files'] });
const params = t.Object({ file_id: t.String() });

export function fileRoutes(auth: Auth, deps: AppDeps) {
  return new Elysia({ prefix: '/api/v1/files' })
    .use(auth)
    .post(
      '',
      async ({ ctx, body }) => ({
        data: presentFile(await storeUpload({ ctx, blobs: deps.blobs, file: body.file })),
      }),
      {
        auth: true,
        body: UploadBody,
        response: { 200: dataOf(FileResource), ...authErrors, 413: ErrorEnvelope },
        detail: detail(
          `Upload a file (multipart, field \`file\`, at most ${MAX_FILE_BYTES} bytes); the type is sniffed from the bytes`,
        ),
      },
    )
    .get(
      '/:file_id',
      async ({ ctx, params }) => {
        const row = await findFile(ctx.db, ctx.accountId, params.file_id);
        if (!row) throw notFound('File');
        return { data: presentFile(row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(FileResource), ...withNotFound },
        detail: detail("Get a file's metadata (never its bytes)"),
      },
    )
    .delete(
      '/:file_id',
      async ({ ctx, params }) => {
        await deleteFile({ ctx, blobs: deps.blobs, input: { id: params.file_id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail('Delete a file and its bytes; branding that used it as a logo renders without one'),
      },
    );
}
