// An article of the catalogue (/products) as a line of the editor's form.
import type { Product } from '../../api-types';
import { currentLanguage } from '../../i18n';
import { type NumberStyle, writeDecimal } from '../../numbers';
import { newLine } from './draft-form';
import type { DraftForm, LineForm } from './model';

/** What a line takes of an article of GET /products. */
export type CatalogueArticle = Pick<
  Product,
  'name' | 'description' | 'unit_code' | 'unit_price' | 'tax_rate' | 'tax_category'
> &
  Partial<Pick<Product, 'price_base_quantity' | 'article_number'>>;

/**
 * A product as an editor line: name, description, unit, price, VAT rate and category. The numbers are
 * written as the console's language reads them back, as a stored draft's are: the API's "12.500" (12.5)
 * typed into a German form would read as 12500.
 */
export function lineOfProduct(product: CatalogueArticle, style: NumberStyle = currentLanguage()): LineForm {
  const line = newLine();
  const shown = (value: string | null | undefined) => (value ? writeDecimal(value, style) : '');
  return {
    ...line,
    name: product.name,
    unit_price: shown(product.unit_price),
    tax_rate: shown(product.tax_rate),
    tax_category: product.tax_category ?? '',
    // In the line's own field, so the unit's choice shows it at once (in `rest` it showed "No unit"
    // until the draft was saved and read back).
    unit_code: product.unit_code ?? '',
    rest: {
      ...(product.description ? { description: product.description } : {}),
      // A price per 100 stays one on the line (BT-149); the price field says so under it.
      ...(product.price_base_quantity ? { price_base_quantity: product.price_base_quantity } : {}),
      // The article number as the line's sku: the e-invoice's seller item identifier (BT-155).
      ...(product.article_number ? { sku: product.article_number } : {}),
    },
  };
}

const isBlank = (line: LineForm) => line.name.trim() === '' && line.unit_price.trim() === '';

/** The form with the product's line in place of an untouched last line, or added after the others. */
export function withProduct(form: DraftForm, product: CatalogueArticle): DraftForm {
  const line = lineOfProduct(product);
  const last = form.lines[form.lines.length - 1];
  const lines = last && isBlank(last) ? [...form.lines.slice(0, -1), line] : [...form.lines, line];
  return { ...form, lines };
}
