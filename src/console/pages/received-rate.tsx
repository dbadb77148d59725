// A received invoice in a foreign currency: the rate to the euro the books use (the DATEV export's Kurs,
// docs/receiving.md "Rates to the euro"). The file's own rate when it states one, else the bookkeeper's,
// typed here the way the console's language writes numbers ("0,9213") and sent as the API's decimal string.
import { useState } from 'preact/hooks';
import { type ApiError, patch } from '../api';
import type { ReceivedDocument } from '../api-types';
import { formatDecimal, t } from '../i18n';
import { Field } from '../ui/form';
import { useAction } from '../ui/hooks';
import { ErrorNotice, Notice } from '../ui/notice';
import { decimalInput } from './documents/payments';

export function ExchangeRateCard({
  item,
  mayChange: mayKeep,
  onChange,
}: {
  item: ReceivedDocument;
  /** Whether the caller may PATCH it: keeps the books or took it in (received.tsx, receiving/access.ts). */
  mayChange: boolean;
  onChange: () => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const action = useAction();
  if (item.currency === 'EUR') return null;
  const rate = item.exchange_rate;
  // A rate the file states is the file's: the books keep it (the API refuses another).
  const mayChange = mayKeep && item.exchange_rate_source !== 'file';
  const editing = mayChange && (rate === null || typed !== null);
  const label = t('Rate for the books: 1 {currency} = … EUR', { currency: item.currency });
  const save = async (value: string | null) => {
    const changed = await action.run(() => patch(`/received-documents/${item.id}`, { exchange_rate: value }));
    if (changed === undefined) return;
    setTyped(null);
    onChange();
  };
  const fieldError = action.error as ApiError | null;
  const atField = !!fieldError?.fields?.some((f) => f.loc === 'body.exchange_rate');
  return (
    <section class="card exchange-rate" aria-labelledby="rate-heading">
      <h2 id="rate-heading">{t('Rate to the euro')}</h2>
      {rate === null ? (
        <Notice kind="warn">
          {t('The file states no rate to the euro. The books (the DATEV export) need one.')}
        </Notice>
      ) : (
        <p>
          {t('The books use 1 {currency} = {rate} EUR.', {
            currency: item.currency,
            rate: formatDecimal(rate),
          })}
        </p>
      )}
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const value = (typed ?? '').trim();
            void save(value === '' ? '' : decimalInput(value));
          }}
        >
          <Field
            label={label}
            value={typed ?? ''}
            onInput={setTyped}
            inputMode="decimal"
            placeholder={formatDecimal('0.9213')}
            path="exchange_rate"
            error={fieldError}
          />
          <div class="toolbar">
            <button type="submit" class="primary" disabled={action.busy}>
              {t('Save rate')}
            </button>
            {rate !== null ? (
              <>
                <button type="button" disabled={action.busy} onClick={() => void save(null)}>
                  {t('Remove rate')}
                </button>
                <button
                  type="button"
                  disabled={action.busy}
                  onClick={() => {
                    setTyped(null);
                    action.setError(null);
                  }}
                >
                  {t('Cancel')}
                </button>
              </>
            ) : null}
          </div>
        </form>
      ) : mayChange ? (
        <button type="button" onClick={() => setTyped(formatDecimal(rate ?? ''))}>
          {t('Change rate')}
        </button>
      ) : null}
      {atField ? null : <ErrorNotice error={action.error} />}
    </section>
  );
}
