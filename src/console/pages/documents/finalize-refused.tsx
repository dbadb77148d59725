// A finalize the service refuses for the draft's fields (409 with `details.fields`): a final invoice whose
// deducted Abschlag was voided, corrected or deducted by another invoice since it was saved (docs/documents.md,
// "Deducting Abschläge"). Each problem in the console's words, as the editor says them at its fields: the
// customer's invoices are read again to say what became of the one named.
import { ApiError, list } from '../../api';
import { fieldName } from '../../ui/field-names';
import { plainProblem } from '../../ui/form';
import { useLoad } from '../../ui/hooks';
import { allPages, type DeductionProblem, deductionProblemText } from './deductible';
import type { StoredDocument } from './model';

/** The refusal of a finalize naming fields, or null for any other error. */
export function finalizeRefusal(error: unknown): ApiError | null {
  return error instanceof ApiError &&
    error.code === 'conflict' &&
    error.details.action === 'finalize' &&
    error.fields.length > 0
    ? error
    : null;
}

export function FinalizeRefusedFields({ error, document }: { error: ApiError; document: StoredDocument }) {
  const deducting = error.fields.some((f) => f.loc.startsWith('body.deducted_invoices'));
  const invoices = useLoad(
    () =>
      deducting
        ? allPages((cursor) =>
            list<StoredDocument>('/documents', {
              limit: 100,
              document_type: 'invoice',
              customer_id: document.customer_id,
              cursor,
            }),
          ).catch(() => [] as StoredDocument[])
        : Promise.resolve([] as StoredDocument[]),
    [error, document.customer_id],
  );
  // Said once the invoices are read: "voided" or "deducted by SR-2" needs them.
  if (!invoices.data) return null;
  // The ids the draft deducts, in the order the service names them (`body.deducted_invoices.<i>`).
  const chosen = (document.data.deductions ?? []).flatMap((d) =>
    d.document_id ? [{ id: d.document_id, number: d.number, total: d.total }] : [],
  );
  return (
    <ul>
      {error.fields.map((field) => (
        <li key={`${field.loc}-${field.msg}`}>
          {field.loc.startsWith('body.deducted_invoices')
            ? deductionProblemText(
                field as DeductionProblem,
                chosen,
                invoices.data ?? [],
                document,
                document.id,
              )
            : `${fieldName(field.loc)}: ${plainProblem(field.msg, field.loc)}`}
        </li>
      ))}
    </ul>
  );
}
