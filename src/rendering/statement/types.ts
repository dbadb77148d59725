// What a customer statement's PDF is drawn from (render-statement.ts): plain data, so it travels to a
// render worker inside a RenderInput (`statement`) like any PDF's input.
import type { PageSizeId } from '../../domain/reference';

export interface StatementPdfInput {
  locale: string;
  pageSize: PageSizeId;
  /** YYYY-MM-DD, the day it was drawn. */
  issued: string;
  from: string;
  to: string;
  seller: { name: string; lines: string[] } | null;
  customer: { name: string; lines: string[] };
  sections: {
    currency: string;
    opening_balance: string;
    closing_balance: string;
    entries: {
      date: string;
      /** `discount`: a payment of Skonto (method early_payment_discount), no money moved. */
      type: 'invoice' | 'credit_note' | 'payment' | 'discount';
      number: string;
      due_date: string | null;
      amount: string;
      balance: string;
    }[];
    overdue: {
      amount: string;
      documents: { number: string; due_date: string; days_overdue: number; amount_due: string }[];
    };
  }[];
}
