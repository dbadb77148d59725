/** A value the provider's form encoding can carry: nested objects and arrays become `a[b][0]=...`. */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | FormValue[]
  | { [key: string]: FormValue };

/**
 * Stripe's request bodies are `application/x-www-form-urlencoded` with bracketed keys
 * (`line_items[0][price]=price_1`, `metadata[account_id]=acc_1`); undefined and null fields are left out.
 */
export function formEncode(fields: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(`${key}[${i}]`, item);
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(fields)) walk(key, value);
  return pairs.join('&');
}
