import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import {
  authErrors,
  dataOf,
  ErrorEnvelope,
  fileResponse,
  pageOf,
  withConflict,
  withNotFound,
} from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { DomainError, notFound } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { accountLocale } from '../business-profiles';
import { CreatePaymentBody } from '../payments';
import { pdfResponse, renderServicesOf } from '../renders';
import { ListReceivedQuery, presentReceived, ReceivedDocument, UpdateReceivedBody } from './model';
import { presentReceivedPayment, ReceivedDocumentPayment } from './payment-view';
import { findReceived, listReceived, paymentsOfReceived } from './repo';
import { receivedBodyOf } from './routes';
import { changeReceived, deleteReceived } from './use-cases/change-received';
import { receivingDepsOf } from './use-cases/parse-received';
import { receiveDocument } from './use-cases/receive-document';
import { deleteReceivedPayment, recordReceivedPayment } from './use-cases/received-payments';
import { visualizeReceived } from './use-cases/visualize-received';

const detail = (summary: string) => ({ summary, tags: ['Receiving'] });

/**
 * The file name a `Content-Disposition` request header gives (`filename*=UTF-8''…` before `filename="…"`):
 * its last path segment (`/` or a Windows `\`), without control characters, at most 255 characters with
 * its extension kept; null when none. `filename*` (RFC 8187) in UTF-8, ISO-8859-1 or US-ASCII; in another
 * charset, or not decodable, the plain `filename` is taken when there is one. A plain `filename` arrives as
 * the bytes a client wrote, read one per character: UTF-8 ones ("März" as `MÃ¤rz`) are read as UTF-8 again.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w!#$%&+^`{}~-]*)'[^']*'([^;]+)/.exec(header);
  const plain = /filename\s*=\s*(?:"((?:\\"|[^"])*)"|([^;\s]+))/.exec(header);
  let name = extended ? extendedValue(extended[1] ?? '', (extended[2] ?? '').trim()) : undefined;
  name ??= asUtf8((plain?.[1]?.replace(/\\"/g, '"') ?? plain?.[2]) || '');
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return clean ? shortened(clean, 255) : null;
}

/**
 * The charsets of `filename*` read (RFC 8187: UTF-8 must be, ISO-8859-1 is the other in use; as browsers,
 * ISO-8859-1 is read as windows-1252, whose printable characters it holds).
 */
const EXTENDED_CHARSETS = {
  'utf-8': 'utf-8',
  'iso-8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'us-ascii': 'us-ascii',
} as const;

/** An RFC 8187 value (`%FC` a byte) in its charset; undefined for another charset or bytes it cannot be. */
function extendedValue(charset: string, value: string): string | undefined {
  const label = EXTENDED_CHARSETS[charset.toLowerCase() as keyof typeof EXTENDED_CHARSETS];
  if (label === undefined || /%(?![0-9a-f]{2})/i.test(value)) return undefined;
  const bytes = Buffer.from(
    value.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  if (label === 'us-ascii') return bytes.some((b) => b > 0x7f) ? undefined : bytes.toString('latin1');
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Text whose characters are bytes (all below 256) read as UTF-8 when they are UTF-8; else as it is. */
function asUtf8(text: string): string {
  if (![...text].every((c) => c.charCodeAt(0) < 256)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}

/** At most `max` characters, the extension (".xml") kept. */
function shortened(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? [...name.slice(dot)] : [];
  return chars.slice(0, max - extension.length).join('') + extension.join('');
}
const params = t.Object({ received_id: t.String() });

/** The inbox: received e-invoices kept with their original bytes (docs/receiving.md). */
export function receivedDocumentRoutes(auth: Auth, deps: AppDeps) {
  const receiving = receivingDepsOf(deps);
  const services = renderServicesOf(deps);
  const rowOf = async (ctx: AccountCtx, id: string) => {
    const row = await findReceived(ctx.db, ctx.accountId, id);
    if (!row) throw notFound('Received document');
    return row;
  };
  return new Elysia({ prefix: '/api/v1/received-documents' })
    .use(auth)
    .post(
      '',
      async ({ ctx, request, set }) => {
        const { file, original } = await receivedBodyOf(request);
        const fileName = fileNameOf(request.headers.get('content-disposition'));
        const { row, created } = await receiveDocument({
          ctx,
          deps: { ...receiving, blobs: deps.blobs },
          input: { file, original, source: { kind: 'upload', fileName } },
        });
        set.status = created ? 201 : 200;
        return { data: presentReceived(row) };
      },
      {
        auth: true,
        parse: 'none',
        response: {
          200: dataOf(ReceivedDocument),
          201: dataOf(ReceivedDocument),
          ...authErrors,
          415: ErrorEnvelope,
          422: ErrorEnvelope,
        },
        detail: detail(
          'Keep a received e-invoice (the same bodies as /einvoices/parse): 201 when new, 200 with the existing document when the same bytes came before. `Content-Disposition: attachment; filename="…"` (or `filename*=UTF-8\'\'…`) names the file: kept as `file_name`',
        ),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const rows = await listReceived(
          ctx.db,
          ctx.accountId,
          {
            status: query.status,
            seller: query.seller,
            issuedFrom: query.issued_from,
            issuedTo: query.issued_to,
            valid: query.valid === undefined ? undefined : query.valid === 'true',
            source: query.source,
          },
          page,
        );
        return toPage(rows, page, (r) => r.id, presentReceived);
      },
      {
        auth: true,
        query: ListReceivedQuery,
        response: { 200: pageOf(ReceivedDocument), ...authErrors, 422: ErrorEnvelope },
        detail: detail(
          'List received e-invoices, newest first (filters: status, seller, issue dates, valid, source)',
        ),
      },
    )
    .get(
      '/:received_id',
      async ({ ctx, params }) => ({ data: presentReceived(await rowOf(ctx, params.received_id)) }),
      {
        auth: true,
        params,
        response: { 200: dataOf(ReceivedDocument), ...withNotFound },
        detail: detail('A received e-invoice'),
      },
    )
    .get(
      '/:received_id/data',
      async ({ ctx, params }) => ({ data: (await rowOf(ctx, params.received_id)).data }),
      {
        auth: true,
        params,
        response: {
          200: dataOf(
            t.Record(t.String(), t.Unknown(), {
              description: 'The document data, in the shape of a document create request (docs/receiving.md)',
            }),
          ),
          ...withNotFound,
        },
        detail: detail('The document data read from a received e-invoice'),
      },
    )
    .get(
      '/:received_id/original',
      async ({ ctx, params }) => {
        const row = await rowOf(ctx, params.received_id);
        const bytes = await deps.blobs.get(row.blobKey);
        if (!bytes) throw new DomainError('not_found', 'The original of this received document is gone');
        const extension = row.contentType === 'application/pdf' ? 'pdf' : 'xml';
        return new Response(new Uint8Array(bytes), {
          headers: {
            'content-type': row.contentType,
            'content-disposition': `attachment; filename="${row.id}.${extension}"`,
            'cache-control': 'private, no-store',
          },
        });
      },
      { auth: true, params, detail: detail('The exact bytes that were received') },
    )
    .get(
      '/:received_id/pdf',
      async ({ ctx, params, principal, query }) => {
        const row = await rowOf(ctx, params.received_id);
        const result = await visualizeReceived({
          ctx,
          services,
          input: {
            accountId: ctx.accountId,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
            received: {
              syntax: row.syntax,
              customizationId: row.customizationId,
              compliance: row.compliance as ReceivedDocument['compliance'],
              documentType: row.documentType,
              data: row.data,
            },
            templateId: query.template_id,
            locale: query.lang ?? (await accountLocale(ctx.db, ctx.accountId)),
          },
        });
        return pdfResponse(result.bytes, result.row);
      },
      {
        auth: true,
        params,
        query: t.Object({
          template_id: t.Optional(t.String()),
          lang: t.Optional(
            t.String({
              pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
              maxLength: 20,
              description:
                "The reader's language (de, de-DE, en-GB, fr, ...): EN 16931 carries none. Default: the account's business profile's locale, else English",
            }),
          ),
        }),
        response: { 200: fileResponse('application/pdf', 'The drawing, a PDF'), ...withNotFound },
        detail: detail(
          "The received e-invoice drawn by the service in the reader's language (for a hybrid PDF, /original is the supplier's own PDF); counts as a render",
        ),
      },
    )
    .patch(
      '/:received_id',
      async ({ ctx, params, body }) => ({
        data: presentReceived(
          await changeReceived({ ctx, input: { id: params.received_id, changes: body } }),
        ),
      }),
      {
        auth: true,
        params,
        body: UpdateReceivedBody,
        response: { 200: dataOf(ReceivedDocument), ...withNotFound },
        detail: detail('Set the status (received, approved, rejected, paid) or the note'),
      },
    )
    .delete(
      '/:received_id',
      async ({ ctx, params }) => {
        await deleteReceived({ ctx, blobs: deps.blobs, input: { id: params.received_id } });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail('Delete a received e-invoice and its original'),
      },
    )
    .post(
      '/:received_id/payments',
      async ({ ctx, params, body, set }) => {
        const { payment } = await recordReceivedPayment({
          ctx,
          input: { receivedId: params.received_id, payment: body },
        });
        set.status = 201;
        return { data: presentReceivedPayment(payment) };
      },
      {
        auth: true,
        params,
        body: CreatePaymentBody,
        response: { 201: dataOf(ReceivedDocumentPayment), ...withConflict },
        detail: detail(
          'Record a payment made on a received document that is not rejected; one that settles it makes it paid',
        ),
      },
    )
    .get(
      '/:received_id/payments',
      async ({ ctx, params }) => {
        const row = await rowOf(ctx, params.received_id);
        return {
          data: (await paymentsOfReceived(ctx.db, ctx.accountId, row.id)).map(presentReceivedPayment),
        };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Array(ReceivedDocumentPayment)), ...withNotFound },
        detail: detail("A received document's payments, newest first"),
      },
    )
    .delete(
      '/:received_id/payments/:payment_id',
      async ({ ctx, params }) => {
        await deleteReceivedPayment({
          ctx,
          input: { receivedId: params.received_id, id: params.payment_id },
        });
        return { data: { deleted: true as const } };
      },
      {
        auth: true,
        params: t.Object({ received_id: t.String(), payment_id: t.String() }),
        response: { 200: dataOf(t.Object({ deleted: t.Literal(true) })), ...withNotFound },
        detail: detail(
          'Delete a payment of a received document; a paid one it no longer settles goes back to approved',
        ),
      },
    );
}
