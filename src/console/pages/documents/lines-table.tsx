import { formatDecimal, formatMoney, perBase, t } from '../../i18n';
import { formatRate, unitShort } from '../products';
import type { StoredDocument } from './model';

/** A stored document's lines as it states them, each with its amount (none on a delivery note). */
export function LinesTable({ document }: { document: StoredDocument }) {
  const data = document.data;
  // Narrow windows scroll the table, not the page (as the documents list does).
  return (
    <div class="table-scroll">
      <table class="list lines-view">
        <thead>
          <tr>
            <th scope="col">{t('Description')}</th>
            <th scope="col" class="num">
              {t('Quantity')}
            </th>
            <th scope="col" class="num">
              {t('Unit price')}
            </th>
            <th scope="col" class="num">
              {t('Tax rate')}
            </th>
            <th scope="col" class="num">
              {t('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(data.line_items ?? []).map((line, index) => (
            <tr key={index}>
              <td>
                {line.name}
                {line.description ? <div class="hint">{line.description}</div> : null}
              </td>
              <td class="num" data-label={t('Quantity')}>
                {formatDecimal(line.quantity)} {line.unit ?? unitShort(line.unit_code)}
              </td>
              <td class="num" data-label={t('Unit price')} data-empty={line.unit_price ? undefined : ''}>
                {line.unit_price ? formatMoney(line.unit_price, document.currency) : ''}
                {line.unit_price
                  ? perBase(line.price_base_quantity, line.unit ?? unitShort(line.unit_code))
                  : ''}
              </td>
              <td
                class="num"
                data-label={t('Tax rate')}
                data-empty={(line.taxes ?? []).length > 0 ? undefined : ''}
              >
                {(line.taxes ?? []).map((tax) => formatRate(tax.rate)).join(', ')}
              </td>
              <td
                class="num"
                data-label={t('Amount')}
                data-empty={
                  document.line_amounts[index] && document.document_type !== 'delivery_note' ? undefined : ''
                }
              >
                {document.line_amounts[index] && document.document_type !== 'delivery_note'
                  ? formatMoney(document.line_amounts[index].amount, document.currency)
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
