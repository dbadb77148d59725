import { Elysia, t } from 'elysia';
import type { AppDeps } from '../../deps';
import { documentActionsBy } from '../../domain/document-actions';
import type { Auth } from '../../http/auth';
import { type ModuleLink, splitLinks, withLinkValues, withWrittenLinkValues } from '../../http/links';
import { authErrors, dataOf, ErrorEnvelope, pageOf, withConflict, withNotFound } from '../../http/schemas';
import type { AccountCtx } from '../../shared/context';
import { notFound, validationError } from '../../shared/errors';
import { readPageRequest, toPage } from '../../shared/pagination';
import { linkedDocumentSchemas, MoneyTotals, StatelessBody, type StoredDocument } from './model';
import { findDocument, findDocumentWithPartyRows, listDocuments } from './repo';
import type { DocumentRow } from './schema';
import { changeDocumentStatus } from './use-cases/change-document-status';
import { calculateDocument, statelessProblems, validateDocumentData } from './use-cases/check-document-data';
import { createDocumentWithParties } from './use-cases/create-document';
import { deleteDocument } from './use-cases/delete-document';
import { type DocumentParties, liveParties } from './use-cases/document-data-of';
import { duplicateDocument } from './use-cases/duplicate-document';
import { type FinalizeCheck, finalizeCheckInput, finalizeDocument } from './use-cases/finalize-document';
import { finalizeNotices } from './use-cases/finalize-notices';
import { readDocument, readDocuments, sellerDates } from './use-cases/read-document';
import { updateDocument } from './use-cases/update-document';

const detail = (summary: string) => ({ summary, tags: ['Documents'] });
const params = t.Object({ document_id: t.String() });
// The status changes; mark-paid and mark-unpaid record or remove payments: modules/payments serves them.
const ACTIONS = documentActionsBy('status');
const FieldErrorSchema = t.Object({ loc: t.String(), msg: t.String(), type: t.String() });

/**
 * `finalizeCheck`: the buyer's e-invoice check, from the compliance module, handed in by documents' own
 * module.ts (`finalizeCheckOf(complianceDepsOf(deps))`): compliance depends on documents, not the reverse.
 * `links`: the fields other modules link to documents (`links.to('documents')`, src/module.ts), the one
 * extension point: each is accepted by create and PATCH, stored in their transaction, carried by every
 * document answer here, and a list filter when the link says so.
 */
export function documentRoutes(
  auth: Auth,
  _deps: AppDeps,
  finalizeCheck: FinalizeCheck,
  links: readonly ModuleLink[] = [],
) {
  const schemas = linkedDocumentSchemas(links);
  const answer = async (
    ctx: AccountCtx,
    row: DocumentRow,
    parties?: DocumentParties,
    zone?: string | null,
  ): Promise<StoredDocument> => {
    const read = await readDocument(ctx, row, parties, zone);
    const [document] = await withLinkValues(ctx.db, ctx.accountId, links, [read]);
    return document as StoredDocument;
  };
  const listFilters = links.filter((link) => link.filter);
  let app = new Elysia({ prefix: '/api/v1/documents' })
    .use(auth)
    .post('/validate', ({ body }) => ({ data: validateDocumentData(body) }), {
      auth: true,
      body: t.Unknown({ description: 'A stateless request: {document_type, data}' }),
      response: {
        200: dataOf(t.Object({ valid: t.Boolean(), fields: t.Array(FieldErrorSchema) })),
        ...authErrors,
      },
      detail: detail('Validate document data without storing it; problems come back as data, not a 422'),
    })
    .post(
      '/calculate',
      ({ body }) => {
        const problems = statelessProblems(body, false);
        if (problems.length > 0) throw validationError(problems);
        return { data: calculateDocument(body) };
      },
      {
        auth: true,
        body: StatelessBody,
        response: { 200: dataOf(t.Object({ calculation: MoneyTotals })), ...authErrors },
        detail: detail('Calculate totals of posted document data without storing anything'),
      },
    )
    .post(
      '',
      async ({ ctx, body }) => {
        const { rest, writes } = splitLinks(body, links);
        const { row, parties } = await createDocumentWithParties({ ctx, input: rest, links: writes });
        return { data: withWrittenLinkValues(links, await readDocument(ctx, row, parties), writes) };
      },
      {
        auth: true,
        body: schemas.create,
        response: { 200: dataOf(schemas.answer), ...withConflict },
        detail: detail('Create a draft document'),
      },
    )
    .get(
      '',
      async ({ ctx, query }) => {
        const page = readPageRequest(query);
        const filters = {
          documentType: query.document_type,
          status: query.status,
          customerId: query.customer_id,
          sourceDocumentId: query.source_document_id,
          updatedSince: query.updated_since ? new Date(query.updated_since).toISOString() : undefined,
          issuedFrom: query.issued_from,
          issuedTo: query.issued_to,
          // Each seller's today (its business profile's time zone), as `days_overdue` and dunning count.
          overdueOn: query.overdue === 'true' ? await sellerDates(ctx) : undefined,
          linkedTo: listFilters.flatMap((link) => {
            const id = (query as Record<string, string | undefined>)[link.field];
            return id === undefined ? [] : [{ rows: link.rows, id }];
          }),
        };
        const rows = toPage(
          await listDocuments(ctx.db, ctx.accountId, filters, page),
          page,
          (r) => r.id,
          (r) => r,
        );
        // The page's parties in two queries, not two per draft.
        const answers = await readDocuments(ctx, rows.data);
        return { ...rows, data: await withLinkValues(ctx.db, ctx.accountId, links, answers) };
      },
      {
        auth: true,
        query: schemas.query,
        response: { 200: pageOf(schemas.answer), ...authErrors },
        detail: detail(
          'List documents, newest first, filtered by type, status, customer, source document, issue dates or change time',
        ),
      },
    )
    .get(
      '/:document_id',
      async ({ ctx, params }) => {
        const found = await findDocumentWithPartyRows(ctx.db, ctx.accountId, params.document_id);
        if (!found) throw notFound('Document');
        const { document, profile, customer } = found;
        return {
          data: await answer(
            ctx,
            document,
            liveParties(profile ?? undefined, customer ?? undefined),
            profile?.defaultTimezone ?? null,
          ),
        };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(schemas.answer), ...withNotFound },
        detail: detail('Get a document'),
      },
    )
    .patch(
      '/:document_id',
      async ({ ctx, params, body }) => {
        const { rest, writes } = splitLinks(body, links);
        const input = { id: params.document_id, changes: rest, links: writes };
        return { data: await answer(ctx, await updateDocument({ ctx, input })) };
      },
      {
        auth: true,
        params,
        body: schemas.update,
        response: { 200: dataOf(schemas.answer), ...withConflict },
        detail: detail('Change a draft (omitted = unchanged, null = clear)'),
      },
    )
    .delete(
      '/:document_id',
      async ({ ctx, params }) => {
        await deleteDocument({ ctx, input: { id: params.document_id } });
        return { data: true as const };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(t.Literal(true)), ...withConflict },
        detail: detail('Delete a draft (finalized documents cannot be deleted)'),
      },
    )
    .post(
      '/:document_id/duplicate',
      async ({ ctx, params }) => {
        const row = await duplicateDocument({ ctx, input: { id: params.document_id } });
        return { data: await answer(ctx, row) };
      },
      {
        auth: true,
        params,
        response: { 200: dataOf(schemas.answer), ...withConflict },
        detail: detail('Copy any document into a new draft'),
      },
    );
  const Notices = t.Array(
    t.Object({
      code: t.String({ description: 'Stable, snake_case: seller_vat_id_missing' }),
      field: t.String({ description: 'The document field to fill: data.seller.tax_id' }),
      message: t.String({ description: 'An English sentence naming the legal basis' }),
    }),
    {
      description:
        "What the seller's VAT law asks every invoice to state and the draft lacks (Germany § 14 Abs. 4 and § 14a UStG, Austria § 11 UStG 1994, Ireland Regulation 20 VAT Regulations 2010, other EU sellers VAT Directive art. 226): never a reason to refuse finalize",
    },
  );
  app = app.post(
    '/:document_id/finalize-check',
    async ({ ctx, params }) => {
      const row = await findDocument(ctx.db, ctx.accountId, params.document_id);
      if (!row) throw notFound('Document');
      const input = await finalizeCheckInput(ctx, row);
      const violations = input === null ? [] : await finalizeCheck(ctx, input);
      const notices = await finalizeNotices(ctx, row, input);
      return { data: { profile: input?.profile ?? null, violations, notices } };
    },
    {
      auth: true,
      params,
      response: {
        200: dataOf(
          t.Object({
            profile: t.Union([t.String(), t.Null()]),
            violations: t.Array(t.Object({ rule: t.String(), field: t.String(), message: t.String() })),
            notices: Notices,
          }),
        ),
        ...withNotFound,
      },
      detail: detail(
        "Run finalize's check without finalizing. violations: the findings finalize would refuse with (compliance_failed), none when it would pass or nothing is checked (profile null: the customer needs no e-invoice, or not a draft invoice or credit note). notices [{code, field, message}]: for a draft invoice or credit note of a seller in the EU, whatever the buyer needs, what the seller's VAT law asks every invoice to state and the document (as finalize would freeze it) lacks, such as seller_tax_number_missing, seller_vat_id_missing, buyer_vat_id_missing, buyer_vat_id_missing_above_10000, buyer_address_incomplete, vat_rate_missing, vat_exemption_reason_missing, deducted_invoice_unpaid (an Abschlag a final invoice deducts is not paid in full), credit_exceeds_invoice (a credit note credits more than is left of its invoice, or a void one), credited_above_invoice (issued credit notes credit more than this draft invoice asks); they never stop finalize (a finalized invoice cannot be edited, only voided: fix them first if they apply)",
      ),
    },
  );
  // The notices alone, read-only and cheap (no e-invoice rules run): what a draft's page shows as it opens.
  app = app.get(
    '/:document_id/finalize-notices',
    async ({ ctx, params }) => {
      const row = await findDocument(ctx.db, ctx.accountId, params.document_id);
      if (!row) throw notFound('Document');
      return { data: { notices: await finalizeNotices(ctx, row, null) } };
    },
    {
      auth: true,
      params,
      response: { 200: dataOf(t.Object({ notices: Notices })), ...withNotFound },
      detail: detail(
        "finalize-check's notices alone, without running the buyer's e-invoice check: what the seller's VAT law asks every invoice to state and this draft invoice or credit note lacks (none for other documents); read-only, never a reason to refuse finalize",
      ),
    },
  );
  for (const action of ACTIONS) {
    app = app.post(
      `/:document_id/${action}`,
      async ({ ctx, params }) => {
        const row =
          action === 'finalize'
            ? await finalizeDocument({ ctx, input: { id: params.document_id }, check: finalizeCheck })
            : await changeDocumentStatus({ ctx, input: { id: params.document_id, action } });
        return { data: await answer(ctx, row) };
      },
      {
        auth: true,
        params,
        response: {
          200: dataOf(schemas.answer),
          ...withConflict,
          ...(action === 'finalize' ? { 422: ErrorEnvelope } : {}),
        },
        detail: detail(
          action === 'finalize'
            ? 'Lifecycle action: finalize. For a customer with an einvoice_profile the document is checked against it first; a fatal finding answers 422 compliance_failed with details.violations [{rule, field, message}] and the document stays a draft'
            : `Lifecycle action: ${action}`,
        ),
      },
    );
  }
  return app;
}
