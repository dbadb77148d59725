import { t } from 'elysia';
import { LineItem } from '../../domain/line-item';
import { dec, gt, HUNDRED, isDecimalString, lt, ZERO } from '../../domain/money/decimal';
import {
  CreatedBy,
  clearable,
  createdByField,
  DecimalString,
  nullable,
  trimmedOrNull,
} from '../../domain/schema-parts';
import type { FieldError } from '../../shared/errors';
import { isSupportedCurrency, taxCategories } from '../reference';
import type { ProductRow } from './schema';

// The fields a line takes from a product are checked as a line checks them, so whatever a product holds
// fits a line; the VAT category is also held to UNCL5305's list (a catalogue entry is typed once, used often).
const Name = LineItem.properties.name;
const optionalFields = {
  article_number: clearable(
    t.String({
      maxLength: 100,
      description:
        "The firm's own article number (Artikelnummer): unique in the account when set; a line filled from the article carries it as its sku (EN 16931 BT-155, the seller's item identifier)",
    }),
  ),
  description: clearable(t.String({ maxLength: 2000 })),
  unit_code: clearable(
    t.String({
      maxLength: 8,
      description: 'UN/ECE Recommendation 20 (e.g. HUR, C62), as a line item takes it',
    }),
  ),
  unit_price: clearable(DecimalString('Price per unit, net unless the tax says inclusive')),
  price_base_quantity: clearable(
    DecimalString(
      'EN 16931 BT-149: the number of units unit_price is for ("100" for a price per 100); null is 1',
    ),
  ),
  tax_rate: clearable(DecimalString('Percent, e.g. "19"; 0-100')),
  tax_category: clearable(
    t.String({ maxLength: 8, description: 'UNCL5305 code (S, Z, E, AE, K, G, O), as a line tax takes it' }),
  ),
  currency: clearable(t.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217; the price is in it' })),
};

export const CreateProductBody = t.Object({ name: Name, ...optionalFields }, { additionalProperties: false });
export type CreateProductBody = typeof CreateProductBody.static;

/** `name` may be changed but never cleared: a null there fails the schema at `body.name`. */
export const UpdateProductBody = t.Object(
  { name: t.Optional(Name), ...optionalFields },
  { additionalProperties: false },
);
export type UpdateProductBody = typeof UpdateProductBody.static;

/** Who may change it (docs/roles.md, own resources): members change only what they created. */
export const Product = t.Object({
  id: t.String({ examples: ['prd_01jd0000000000000000000000'] }),
  article_number: nullable(
    t.String({ examples: ['E-1042'], description: 'Artikelnummer; BT-155 on a line' }),
  ),
  name: t.String(),
  description: nullable(t.String()),
  unit_code: nullable(t.String({ description: 'UN/ECE Recommendation 20, e.g. HUR, C62' })),
  unit_price: nullable(t.String({ examples: ['95.00'] })),
  price_base_quantity: nullable(t.String({ examples: ['100'], description: 'BT-149; null is 1' })),
  tax_rate: nullable(t.String({ examples: ['19'] })),
  tax_category: nullable(t.String({ examples: ['S'] })),
  currency: nullable(t.String({ examples: ['EUR'] })),
  created_by: CreatedBy,
  created_at: t.String({ format: 'date-time' }),
  updated_at: t.String({ format: 'date-time' }),
});
export type Product = typeof Product.static;

/**
 * What the schema cannot express, all at once, judged on the product as it would be stored (`merged`)
 * so a PATCH cannot leave a category without its rate.
 */
export function productProblems(input: UpdateProductBody, merged: Partial<ProductRow>): FieldError[] {
  const problems: FieldError[] = [];
  if (input.name !== undefined && input.name.trim() === '') {
    problems.push({ loc: 'body.name', msg: 'name must not be blank', type: 'invalid_value' });
  }
  if (typeof input.article_number === 'string' && /[\r\n\t]/.test(input.article_number)) {
    const msg = 'an article number is one line without tabs';
    problems.push({ loc: 'body.article_number', msg, type: 'invalid_value' });
  }
  const rate = input.tax_rate;
  if (typeof rate === 'string' && isDecimalString(rate) && (lt(dec(rate), ZERO) || gt(dec(rate), HUNDRED))) {
    problems.push({ loc: 'body.tax_rate', msg: 'rate must be between 0 and 100', type: 'invalid' });
  }
  const base = input.price_base_quantity;
  if (typeof base === 'string' && isDecimalString(base) && !gt(dec(base), ZERO)) {
    const msg = 'must be greater than zero (the number of units the price is for)';
    problems.push({ loc: 'body.price_base_quantity', msg, type: 'invalid' });
  }
  const category = input.tax_category;
  if (typeof category === 'string' && !taxCategories().items.some((item) => item.code === category)) {
    const codes = taxCategories()
      .items.map((item) => item.code)
      .join(', ');
    problems.push({
      loc: 'body.tax_category',
      msg: `'${category}' is not a UNCL5305 VAT category (${codes})`,
      type: 'invalid_value',
    });
  } else if (merged.taxCategory && !merged.taxRate) {
    problems.push({
      loc: 'body.tax_rate',
      msg: 'a tax category needs its tax rate',
      type: 'missing',
    });
  }
  if (typeof input.currency === 'string' && !isSupportedCurrency(input.currency)) {
    const msg = `'${input.currency}' is not an active ISO 4217 currency`;
    problems.push({ loc: 'body.currency', msg, type: 'invalid_value' });
  }
  return problems;
}

/** API fields -> columns; omitted fields stay out so an update leaves them alone. */
export function toColumns(input: UpdateProductBody): Partial<ProductRow> {
  const columns: Partial<ProductRow> = {
    name: input.name?.trim(),
    // Blank is no number (a clear): two articles without one never collide.
    articleNumber: trimmedOrNull(input.article_number),
    description: trimmedOrNull(input.description),
    unitCode: trimmedOrNull(input.unit_code),
    unitPrice: input.unit_price,
    priceBaseQuantity: input.price_base_quantity,
    taxRate: input.tax_rate,
    taxCategory: input.tax_category,
    currency: input.currency,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    article_number: row.articleNumber,
    name: row.name,
    description: row.description,
    unit_code: row.unitCode,
    unit_price: row.unitPrice,
    price_base_quantity: row.priceBaseQuantity,
    tax_rate: row.taxRate,
    tax_category: row.taxCategory,
    currency: row.currency,
    ...createdByField(row.createdBy),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
