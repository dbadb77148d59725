// A field path of the API (`body.line_items.0.quantity`, a finalize finding's `data.buyer_reference`) in a
// person's words and the console's language, with the EN 16931 term where the e-invoice names it.
import { t } from '../i18n';

const DOCUMENT: Record<string, string> = {
  number: 'Number',
  issue_date: 'Issue date',
  due_date: 'Due date',
  delivery_date: 'Delivery date (BT-72)',
  currency: 'Currency',
  customer_id: 'Customer',
  business_profile_id: 'Business profile',
  source_document_id: 'Corrected invoice (BT-25)',
  reason: 'Cause of the correction',
  type_code: 'Kind of invoice (BT-3)',
  prepaid_amount: 'Already paid (BT-113)',
  buyer_reference: 'Leitweg-ID (BT-10)',
  order_reference: 'Order reference (BT-13)',
  'invoice_period.start_date': 'Period start (BT-73)',
  'invoice_period.end_date': 'Period end (BT-74)',
  invoice_period: 'Invoicing period (BG-14)',
  'discounts.0.value': 'Discount',
  'discounts.0.reason': 'Reason',
  'shipping.amount': 'Shipping',
  notes: 'Notes',
  tax_scheme: 'Tax scheme (BT-118)',
  payment: 'Payment details',
  'payment.bank_account': 'Bank account (BG-17)',
  'payment.bank_account.account_number': 'IBAN (BT-84)',
  'payment.bank_account.swift': 'BIC (BT-86)',
  'payment.bank_account.account_name': 'Account holder (BT-85)',
};

const LINE: Record<string, string> = {
  name: 'Description',
  quantity: 'Quantity',
  unit_price: 'Unit price',
  unit_code: 'Unit (BT-130)',
  'discount.value': 'Price reduction',
  taxes: 'VAT',
  'taxes.0.rate': 'Tax rate',
  'taxes.0.category': 'VAT category (BT-151)',
  'taxes.0.exemption_reason': 'Legal basis',
};

const PARTY: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  tax_id: 'VAT ID',
  electronic_address: 'Electronic invoice address',
  address: 'Address',
  'address.city': 'City',
  'address.postal_code': 'Postal code',
  'address.country': 'Country',
  'address.line1': 'Address line 1',
};

/** The field's name for a person; `The document` when the path names nothing more precise. */
export function fieldName(loc: string): string {
  const path = loc.replace(/^(body|data|document)\./, '').replace(/^data\./, '');
  if (DOCUMENT[path]) return t(DOCUMENT[path]);
  // A final invoice's deducted Abschläge (`deducted_invoices.<i>`): named as the editor's section is.
  if (/^deducted_invoices(\.\d+)?$/.test(path)) return t('Deduct progress invoices');
  const line = /^line_items\.(\d+)(?:\.(.+))?$/.exec(path);
  if (line) {
    const n = Number(line[1]) + 1;
    const part = line[2]?.replace(/^taxes\.\d+\./, 'taxes.0.');
    return part && LINE[part] ? t('Line {n}: {field}', { n, field: t(LINE[part]) }) : t('Line {n}', { n });
  }
  const party = /^(seller|buyer)(?:\.(.+))?$/.exec(path);
  if (party) {
    const whose = party[1] === 'seller' ? t('Your business profile') : t('The customer');
    const part = party[2];
    return part && PARTY[part] ? `${whose}: ${t(PARTY[part])}` : whose;
  }
  return t('The document');
}
