import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, fileResponse } from '../../http/schemas';
import { badRequest, DomainError } from '../../shared/errors';
import { pdfResponse, renderServicesOf } from '../renders';
import { ParsedEInvoiceView, presentParsed } from './model';
import { parseReceived, type ReceivedFile, receivingDepsOf } from './use-cases/parse-received';
import type { ReceivedOriginal } from './use-cases/receive-document';
import { receivedOfBytes } from './use-cases/receive-from-folder';
import { visualizeReceived } from './use-cases/visualize-received';

const detail = (summary: string) => ({ summary, tags: ['Receiving'] });

/**
 * The e-invoice itself is the body: XML (`application/xml`, `text/xml`), a hybrid PDF (`application/pdf`),
 * or JSON `{"xml": "..."}` / `{"pdf_base64": "..."}`. `original` is what the inbox keeps: the exact bytes
 * that arrived, or for JSON the decoded XML or PDF.
 */
export async function receivedBodyOf(
  request: Request,
): Promise<{ file: ReceivedFile; original: ReceivedOriginal }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) throw badRequest('The body is empty: send the e-invoice itself');
  const xmlOf = (xmlBytes: Uint8Array, xml: string) => ({
    file: { kind: 'xml' as const, xml },
    original: { bytes: xmlBytes, contentType: 'application/xml' as const },
  });
  const pdfOf = (pdf: Uint8Array) => ({
    file: { kind: 'pdf' as const, bytes: pdf },
    original: { bytes: pdf, contentType: 'application/pdf' as const },
  });
  // A hybrid PDF sent as XML is read as the PDF it is (by its first bytes, as the inbox folder does).
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml'))
    return receivedOfBytes(bytes);
  if (type === 'application/pdf') return pdfOf(bytes);
  if (type === 'application/json') {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder('utf-8').decode(bytes));
    } catch {
      throw badRequest('The body is not valid JSON');
    }
    const { xml, pdf_base64 } = (body ?? {}) as { xml?: unknown; pdf_base64?: unknown };
    const field = (loc: string, msg: string) =>
      new DomainError('unprocessable_entity', msg, { fields: [{ loc, msg, type: 'value_error' }] });
    if (typeof xml === 'string' && pdf_base64 === undefined) {
      if (xml.trim() === '') throw field('body.xml', 'xml is empty: send the e-invoice itself');
      return xmlOf(new TextEncoder().encode(xml), xml);
    }
    if (typeof pdf_base64 === 'string' && xml === undefined) {
      // Buffer.from skips what is no base64 without a word: "!!!" would be read as an empty PDF.
      const bare = pdf_base64.replace(/\s/g, '');
      if (bare === '' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(bare)) {
        throw field('body.pdf_base64', 'pdf_base64 is not base64: send the PDF file encoded in base64');
      }
      return pdfOf(new Uint8Array(Buffer.from(bare, 'base64')));
    }
    throw new DomainError('unprocessable_entity', 'Send either xml or pdf_base64', {
      fields: [{ loc: 'body', msg: 'send either xml (a string) or pdf_base64 (a string)', type: 'missing' }],
    });
  }
  throw new DomainError(
    'unsupported_media_type',
    `Send the e-invoice as application/xml, text/xml, application/pdf or JSON; got ${type || 'no Content-Type'}`,
  );
}

const receivedFileOf = async (request: Request) => (await receivedBodyOf(request)).file;

export function receivingRoutes(auth: Auth, deps: AppDeps) {
  const receiving = receivingDepsOf(deps);
  const services = renderServicesOf(deps);
  return new Elysia({ prefix: '/api/v1/einvoices' })
    .use(auth)
    .post(
      '/visualize',
      async ({ ctx, principal, request, query }) => {
        const file = await receivedFileOf(request);
        const parsed = await parseReceived(receiving, file, { accountId: ctx.accountId });
        const result = await visualizeReceived({
          ctx,
          services,
          input: {
            accountId: ctx.accountId,
            monthlyQuota: principal.monthlyRenderQuota,
            planId: principal.planId,
            received: parsed,
            templateId: query.template_id,
          },
        });
        return pdfResponse(result.bytes, result.row);
      },
      {
        auth: true,
        parse: 'none',
        query: t.Object({
          template_id: t.Optional(t.String({ description: 'Default: the built-in Classic' })),
        }),
        response: {
          200: fileResponse('application/pdf', 'The drawing, a PDF'),
          ...authErrors,
          415: ErrorEnvelope,
          422: ErrorEnvelope,
          429: ErrorEnvelope,
        },
        detail: detail(
          'A readable PDF of a received e-invoice (the same bodies as parse), drawn by the service, with the validation verdict as its footer line; counts as a render',
        ),
      },
    )
    .post(
      '/parse',
      async ({ ctx, request }) => {
        const file = await receivedFileOf(request);
        return { data: presentParsed(await parseReceived(receiving, file, { accountId: ctx.accountId })) };
      },
      {
        auth: true,
        parse: 'none',
        response: { 200: dataOf(ParsedEInvoiceView), ...authErrors },
        detail: detail(
          "Read a received e-invoice (UBL, CII, or a Factur-X/ZUGFeRD/XRechnung PDF) into document data, with its stated totals and the official rules' verdict; stores nothing",
        ),
      },
    );
}
