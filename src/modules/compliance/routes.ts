import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { isComplianceProfile } from '../../einvoicing/profiles';
import { DTD_PROBLEMS, XmlInputError } from '../../einvoicing/xsd/xml-input';
import { XmlLimitError } from '../../einvoicing/xsd/xml-limits';
import type { Auth } from '../../http/auth';
import { authErrors, dataOf, ErrorEnvelope, fileResponse, withNotFound } from '../../http/schemas';
import { badRequest, DomainError, notFound, validationError } from '../../shared/errors';
import type { DocumentData } from '../documents';
import { einvoiceInputOf, findDocument, statelessProblems } from '../documents';
import { readSupportingFiles } from '../files';
import { issuedXml } from '../renders';
import { ComplianceBody, ComplianceResult, XmlBody } from './model';
import { checkDocumentCompliance, checkXmlCompliance, complianceDepsOf } from './use-cases/check-compliance';
import type { WriteOutcome } from './use-cases/write-einvoice';

/** The XML writers (xmlbuilder2 and its DOM) load on first use: about 40 ms the server's start need not pay. */
const writer = () => import('./use-cases/write-einvoice');

const detail = (summary: string) => ({ summary, tags: ['E-invoicing'] });
const XmlText = fileResponse('application/xml', 'UBL 2.1 or CII D16B XML, UTF-8');

function profileOf(profile: string, loc: string) {
  if (!isComplianceProfile(profile)) {
    throw validationError([
      {
        loc,
        msg: 'one of factur_x_en16931, peppol_bis_billing_3, xrechnung_ubl, xrechnung_cii',
        type: 'invalid_value',
      },
    ]);
  }
  return profile;
}

const xmlHeaders = (filename: string) => ({
  'content-type': 'application/xml; charset=utf-8',
  'content-disposition': `inline; filename="${filename.replace(/[^\w.-]/g, '_')}.xml"`,
});

function xmlResponse(outcome: WriteOutcome, filename: string, pathPrefix: string): Response {
  if (!outcome.ok) {
    throw new DomainError('unprocessable_entity', 'The document cannot be written as an e-invoice', {
      fields: outcome.problems.map((p) => ({ loc: `${pathPrefix}${p.path}`, msg: p.message, type: p.rule })),
    });
  }
  return new Response(outcome.xml, { headers: xmlHeaders(filename) });
}

/**
 * Malformed XML is the client's mistake: 400, never a 500 or a "pass". XML with a DTD (any DOCTYPE, or
 * entities) is refused as a 422 naming it: the rules would judge another document than the one sent. XML
 * beyond the size limit is a 413, beyond the structure limits (elements, attributes, depth) a 422.
 */
async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof XmlInputError) {
      const message = `The XML cannot be checked: ${error.message}`;
      if (!DTD_PROBLEMS.has(error.code)) throw badRequest(message);
      throw validationError([{ loc: 'body.xml', msg: error.message, type: error.code }], message);
    }
    if (error instanceof XmlLimitError) {
      if (error.limit === 'maxChars') {
        throw new DomainError('payload_too_large', error.message, { max_chars: error.max });
      }
      throw validationError(
        [{ loc: 'body.xml', msg: `${error.message} (at most ${error.max})`, type: 'too_large' }],
        error.message,
      );
    }
    throw error;
  }
}

export function complianceRoutes(auth: Auth, appDeps: AppDeps) {
  const deps = complianceDepsOf(appDeps);
  return new Elysia({ prefix: '/api/v1/documents' })
    .use(auth)
    .post(
      '/validate-compliance',
      async ({ body, ctx }) => {
        const profile = profileOf(body.profile, 'body.profile');
        if ((body.data === undefined) === (body.xml === undefined)) {
          throw validationError([
            { loc: 'body.data', msg: 'send either data (with document_type) or xml', type: 'missing' },
          ]);
        }
        if (body.xml !== undefined) {
          const xml = body.xml;
          const check = () => checkXmlCompliance(deps, { profile, xml });
          return { data: await asBadRequest(() => deps.gate.hold(ctx.accountId, check)) };
        }
        const data = body.data as DocumentData;
        const problems = statelessProblems({ document_type: body.document_type, data }, false);
        if (problems.length > 0) throw validationError(problems);
        const documentType = body.document_type ?? 'invoice';
        const attachedFiles = await readSupportingFiles(
          ctx,
          deps.blobs,
          data.supporting_documents,
          'body.data.supporting_documents',
        );
        const check = () => checkDocumentCompliance(deps, { profile, documentType, data, attachedFiles });
        return { data: await deps.gate.hold(ctx.accountId, check) };
      },
      {
        auth: true,
        body: ComplianceBody,
        response: { 200: dataOf(ComplianceResult), ...authErrors },
        detail: detail(
          'Check a document (or received XML) against a compliance profile; stores nothing, uses no quota',
        ),
      },
    )
    .post(
      '/xml',
      async ({ body, ctx }) => {
        const profile = profileOf(body.profile, 'body.profile');
        const problems = statelessProblems({ document_type: body.document_type, data: body.data }, false);
        if (problems.length > 0) throw validationError(problems);
        const { writeEInvoice } = await writer();
        const outcome = writeEInvoice({
          profile,
          documentType: body.document_type ?? 'invoice',
          data: body.data,
          attachedFiles: await readSupportingFiles(
            ctx,
            deps.blobs,
            body.data.supporting_documents,
            'body.data.supporting_documents',
          ),
        });
        return xmlResponse(outcome, body.data.invoice_number ?? 'e-invoice', 'body.');
      },
      {
        auth: true,
        body: XmlBody,
        response: { 200: XmlText, ...authErrors },
        detail: detail('The e-invoicing XML (UBL or CII, by profile) of posted document data'),
      },
    )
    .get(
      '/:document_id/xml',
      async ({ ctx, params, query }) => {
        const profile = profileOf(query.profile ?? '', 'query.profile');
        const { writeEInvoice } = await writer();
        const row = await findDocument(ctx.db, ctx.accountId, params.document_id);
        if (!row) throw notFound('Document');
        // A stored document's XML is issued once: the first written in this profile is kept and answered
        // from then on, byte for byte (docs/renders.md); a draft's is written anew each time.
        const outcome = await issuedXml(ctx, deps.blobs, row, {
          profile,
          firstUse: 'download',
          write: async () => {
            const input = await einvoiceInputOf(ctx, row);
            return writeEInvoice({
              profile,
              ...input,
              attachedFiles: await readSupportingFiles(
                ctx,
                deps.blobs,
                input.data.supporting_documents,
                'document.data.supporting_documents',
              ),
            });
          },
        });
        if (!outcome.ok) return xmlResponse(outcome, row.number, 'document.');
        return new Response(new Uint8Array(outcome.bytes), {
          headers: {
            ...xmlHeaders(row.number),
            ...(outcome.file ? { 'x-issued-sha256': outcome.file.sha256 } : {}),
          },
        });
      },
      {
        auth: true,
        params: t.Object({ document_id: t.String() }),
        query: t.Object({
          profile: t.Optional(t.String({ description: 'Required: the compliance profile' })),
        }),
        response: { 200: XmlText, ...withNotFound, 422: ErrorEnvelope },
        detail: detail(
          'The e-invoicing XML of a stored document (?profile= picks UBL or CII): once issued, the first one written in a profile is kept and answered byte for byte (X-Issued-SHA256)',
        ),
      },
    );
}
