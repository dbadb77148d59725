// A final invoice (Schlussrechnung, Teilschlussrechnung, or a 380 after partial invoices) deducting earlier
// invoices of the same customer by id (docs/documents.md, "Deducting Abschläge"): the service states what
// each deducted invoice stated (its net, VAT and gross, from ITS stored totals, never recomputed from the
// sum: § 14 Abs. 5 Satz 2 UStG, UStAE 14.8 (7)-(10)), fills prepaid_amount (BT-113) with the sum of their
// totals and names them as preceding invoices (BG-3).
import { type Deduction, type PrecedingInvoice, precedingInvoicesOf } from '../../../domain/document-content';
import { add, dec, eq, isZero, sub, toFixedString } from '../../../domain/money';
import { minorUnitsOf } from '../../../domain/reference';
import type { AccountCtx } from '../../../shared/context';
import { conflict, type FieldError } from '../../../shared/errors';
import type { DocumentType } from '../../reference';
import type { StoredTotals } from '../present';
import { findDocument, liveInvoicesOfCustomer } from '../repo';
import type { DocumentRow } from '../schema';
import type { DraftCandidate } from './prepare-draft';

/** The statuses of an invoice that may be deducted: issued and not void (an archived one is only filed). */
const DEDUCTIBLE: ReadonlySet<string> = new Set(['finalized', 'sent', 'paid', 'archived']);

/** The content keys the service fills from the deducted invoices. */
export const DEDUCTION_KEYS = [
  'deductions',
  'prepaid_amount',
  'preceding_invoices',
  'preceding_invoice',
] as const;

/** The ids a stored content's deductions name, in their order. */
export function deductedIdsOf(data: Record<string, unknown>): string[] {
  const deductions = data.deductions as Deduction[] | undefined;
  return (deductions ?? []).map((d) => d.document_id).filter((id): id is string => typeof id === 'string');
}

/** What a deducted invoice stated: its totals as stored when it was finalized. */
export function deductionOf(row: DocumentRow): Deduction {
  const totals = row.totals as StoredTotals;
  const groups = totals.tax_groups ?? [];
  const rates = new Set(groups.map((g) => dec(g.rate)).map((r) => toFixedString(r, 2)));
  const net = toFixedString(sub(dec(totals.total), dec(totals.tax_total)), minorUnitsOf(row.currency));
  return {
    document_id: row.id,
    number: row.number,
    issue_date: row.issueDate,
    net_amount: net,
    tax_amount: totals.tax_total,
    total: totals.total,
    ...(rates.size === 1 && groups[0] ? { tax_rate: groups[0].rate } : {}),
  };
}

const samePreceding = (a: PrecedingInvoice[], b: PrecedingInvoice[]) =>
  a.length === b.length &&
  a.every((p, i) => p.number === b[i]?.number && (p.issue_date ?? null) === (b[i]?.issue_date ?? null));

const sameDeductions = (a: Deduction[], b: Deduction[]) =>
  a.length === b.length &&
  a.every((d, i) => {
    const o = b[i];
    return (
      o !== undefined &&
      d.document_id === o.document_id &&
      d.number === o.number &&
      (d.issue_date ?? null) === (o.issue_date ?? null) &&
      eq(dec(d.net_amount), dec(o.net_amount)) &&
      eq(dec(d.tax_amount), dec(o.tax_amount)) &&
      eq(dec(d.total), dec(o.total))
    );
  });

/**
 * The draft with the deducted invoices `ids` resolved into its content, and the problems of the request:
 * an id that is not an issued (finalized, sent or paid) invoice of the draft's customer and currency, the
 * draft itself, one deducted by another live invoice (say which), or content the request gives beside the
 * ids that differs from what they give (prepaid_amount, preceding invoices, deductions: the same is an
 * echo and taken). `selfId`: the draft's own id when it is stored.
 */
export async function withDeductedInvoices(
  ctx: AccountCtx,
  draft: DraftCandidate,
  ids: readonly string[],
  selfId: string | null,
  /** False for a preview, which stores nothing (the draft it shows may be the one deducting them). */
  checkTaken = true,
): Promise<{ draft: DraftCandidate; problems: FieldError[] }> {
  const content = draft.content;
  if (ids.length === 0) {
    if (content.deductions === undefined) return { draft, problems: [] };
    return {
      draft,
      problems: [
        {
          loc: 'body.deductions',
          msg: 'a stored invoice names the invoices it deducts in deducted_invoices; the service states their amounts',
          type: 'not_allowed',
        },
      ],
    };
  }
  const problems: FieldError[] = [];
  const at = (i: number, msg: string, type = 'invalid_value') =>
    problems.push({ loc: `body.deducted_invoices.${i}`, msg, type });
  if (draft.documentType !== 'invoice') {
    problems.push({
      loc: 'body.deducted_invoices',
      msg: 'only an invoice deducts earlier invoices',
      type: 'not_allowed',
    });
    return { draft, problems };
  }
  const others = checkTaken
    ? await liveInvoicesOfCustomer(ctx.db, ctx.accountId, draft.customerId, selfId)
    : [];
  const deductions: Deduction[] = [];
  for (const [i, id] of ids.entries()) {
    const row = id === selfId ? undefined : await findDocument(ctx.db, ctx.accountId, id);
    if (id === selfId) at(i, 'an invoice cannot deduct itself');
    else if (!row || row.documentType !== 'invoice') at(i, `no invoice ${id}`, 'not_found');
    else if (row.status === 'void') at(i, `the invoice ${row.number} is void`);
    else if (!DEDUCTIBLE.has(row.status))
      at(
        i,
        `the invoice ${row.number} is ${row.status}: only an issued invoice (finalized, sent, paid, archived) is deducted`,
      );
    else if (row.customerId !== draft.customerId) at(i, `the invoice ${row.number} is another customer's`);
    else if (row.currency !== draft.currency)
      at(i, `the invoice ${row.number} is in ${row.currency}, this one in ${draft.currency}`);
    else if (!isZero(dec(row.amountCredited)))
      // Corrected by a credit note (a Storno, or part of it): its stated VAT is no longer what it asks.
      at(
        i,
        `the invoice ${row.number} is corrected by a credit note (${row.amountCredited} credited): deduct what is left of it as prepaid_amount instead`,
        'corrected',
      );
    else {
      const taken = others.find((o) => deductedIdsOf(o.data).includes(id));
      if (taken)
        at(
          i,
          `the invoice ${row.number} is already deducted by ${taken.number} (${taken.status})`,
          'conflict',
        );
      else deductions.push(deductionOf(row));
    }
  }
  if (problems.length > 0) return { draft, problems };

  const minor = minorUnitsOf(draft.currency);
  const prepaid = toFixedString(
    deductions.reduce((s, d) => add(s, dec(d.total)), dec('0')),
    minor,
  );
  const preceding: PrecedingInvoice[] = deductions.map((d) => ({
    number: d.number,
    ...(d.issue_date ? { issue_date: d.issue_date } : {}),
  }));
  const givenPrepaid = content.prepaid_amount as string | undefined;
  if (givenPrepaid !== undefined && !eq(dec(givenPrepaid), dec(prepaid))) {
    problems.push({
      loc: 'body.prepaid_amount',
      msg: `the deducted invoices total ${prepaid}: prepaid_amount follows from deducted_invoices (leave it out)`,
      type: 'not_allowed',
    });
  }
  const givenPreceding = precedingInvoicesOf(content as { preceding_invoices?: PrecedingInvoice[] });
  if (givenPreceding.length > 0 && !samePreceding(givenPreceding, preceding)) {
    problems.push({
      loc: content.preceding_invoices !== undefined ? 'body.preceding_invoices' : 'body.preceding_invoice',
      msg: 'the preceding invoices follow from deducted_invoices (leave them out)',
      type: 'not_allowed',
    });
  }
  const givenDeductions = content.deductions as Deduction[] | undefined;
  if (givenDeductions !== undefined && !sameDeductions(givenDeductions, deductions)) {
    problems.push({
      loc: 'body.deductions',
      msg: 'deductions follow from deducted_invoices (leave them out)',
      type: 'not_allowed',
    });
  }
  const { preceding_invoice: _single, ...rest } = content;
  return {
    draft: {
      ...draft,
      content: { ...rest, prepaid_amount: prepaid, preceding_invoices: preceding, deductions },
    },
    problems,
  };
}

/**
 * A draft deducting earlier invoices (deducted-invoices.ts) is finalized only while each is still what it
 * was when named: issued, not void nor corrected, deducted by no other live invoice. Else 409, naming what
 * changed. Run in finalize's status transaction: a void of a deducted invoice meeting it is then refused on
 * either side (PostgreSQL's serializable check fails one and runs it again; SQLite runs them in turn).
 */
export async function deductionsStillHold(ctx: AccountCtx, row: DocumentRow): Promise<void> {
  const ids = deductedIdsOf(row.data);
  if (row.status !== 'draft' || ids.length === 0) return;
  const content = { ...row.data };
  for (const key of DEDUCTION_KEYS) delete content[key];
  const { problems } = await withDeductedInvoices(
    ctx,
    {
      documentType: row.documentType as DocumentType,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      currency: row.currency,
      locale: row.locale,
      reason: row.reason,
      businessProfileId: row.businessProfileId,
      customerId: row.customerId,
      sourceDocumentId: row.sourceDocumentId,
      content,
    },
    ids,
    row.id,
  );
  if (problems.length > 0) {
    throw conflict(
      `The invoices this draft deducts changed: ${problems.map((p) => p.msg).join('; ')}. Edit its deducted_invoices and finalize again`,
      // The same field problems a write of the draft would answer (a client words them by loc and type).
      { action: 'finalize', fields: problems },
    );
  }
}

/**
 * The issued (not draft) live invoice that deducts `invoice`, if any: such an invoice is not cancelled or
 * corrected under it (it would deduct what was never owed).
 */
export async function issuedDeductionOf(
  ctx: AccountCtx,
  invoice: DocumentRow,
): Promise<Pick<DocumentRow, 'id' | 'number' | 'status'> | undefined> {
  if (invoice.documentType !== 'invoice') return undefined;
  const others = await liveInvoicesOfCustomer(ctx.db, ctx.accountId, invoice.customerId, invoice.id);
  return others.find((other) => other.status !== 'draft' && deductedIdsOf(other.data).includes(invoice.id));
}
