// Fills a line from the article catalogue (/products): search by name or description, then a button per
// article (plain buttons: reached with Tab, chosen with Enter or Space, announced with what they add).
import { useState } from 'preact/hooks';
import { list } from '../../api';
import type { Product } from '../../api-types';
import { t } from '../../i18n';
import { href } from '../../router';
import { Field } from '../../ui/form';
import { useDebounced, useLoad } from '../../ui/hooks';
import { ErrorNotice } from '../../ui/notice';
import { productSummary } from '../products';
import { withProduct } from './catalogue-line';
import type { DraftForm } from './model';

export function ProductPicker(props: {
  currency: string;
  setForm: (change: (current: DraftForm) => DraftForm) => void;
}) {
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const needle = useDebounced(search.trim(), 250);
  const found = useLoad(
    () => list<Product>('/products', { limit: 8, q: needle }).then((p) => p.data),
    [needle],
  );
  const choose = (product: Product) => {
    props.setForm((current) => withProduct(current, product));
    setAdded(product.name);
  };
  const products = found.data ?? [];
  return (
    <section class="card product-picker" aria-labelledby="product-picker-heading">
      <h2 id="product-picker-heading">{t('Add from the catalogue')}</h2>
      <Field label={t('Find a product')} type="search" value={search} onInput={setSearch} />
      <ErrorNotice error={found.error} />
      {products.length > 0 ? (
        <ul class="product-choices">
          {products.map((product) => (
            <li key={product.id}>
              {/* The button's name holds its visible text (the product's name); the rest describes it. */}
              <button
                type="button"
                onClick={() => choose(product)}
                aria-label={t('Add {name} as a line', { name: product.name })}
                aria-describedby={`product-${product.id}`}
              >
                {product.name}
              </button>{' '}
              <span class="hint" id={`product-${product.id}`}>
                {product.article_number
                  ? `${t('Art. no. {number}', { number: product.article_number })} · `
                  : ''}
                {productSummary(product)}
                {product.currency && product.currency !== props.currency.trim().toUpperCase()
                  ? ` ${t('(priced in {currency})', { currency: product.currency })}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : found.loading ? null : (
        <p class="hint">
          {needle ? t('Nothing matches “{text}”.', { text: needle }) : t('The catalogue is empty.')}{' '}
          <a href={href('products', 'new')}>{t('New product')}</a>
        </p>
      )}
      <p class="visually-hidden" role="status">
        {added ? t('{name} added as a line.', { name: added }) : ''}
      </p>
    </section>
  );
}
