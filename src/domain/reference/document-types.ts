import type { DocumentAction } from '../document-actions';

export const DOCUMENT_TYPE_IDS = Object.freeze([
  'invoice',
  'credit_note',
  'quote',
  'receipt',
  'proforma',
  'purchase_order',
  'delivery_note',
] as const);

export type DocumentType = (typeof DOCUMENT_TYPE_IDS)[number];

export type { DocumentAction } from '../document-actions';

/** "standard" lines carry quantity x unit price; "shipped" lines only quantities. */
export type LineItemType = 'standard' | 'shipped';

export interface DocumentTypeInfo {
  id: DocumentType;
  name: string;
  number_prefix: string;
  /** Only payable documents track an amount due and accept payments. */
  payable: boolean;
  /** Must reference the document it corrects (a credit note its invoice). */
  requires_source_document: boolean;
  /** Accepts a free-text reason, shown on the document. */
  supports_reason: boolean;
  line_item_type: LineItemType;
  /** State transitions the API offers for this type, in display order. */
  actions: DocumentAction[];
}

// Actions per type. Payment tracking (mark-paid/unpaid) exists only where
// money is owed (invoice and proforma, the payable types); a receipt records a payment already made, so it has no
// "sent" or "paid" state; credit and delivery notes are issued, not sent
// for acceptance, so they skip mark-sent.
const TABLE: Readonly<Record<DocumentType, Omit<DocumentTypeInfo, 'id'>>> = {
  invoice: {
    name: 'Invoice',
    number_prefix: 'INV-',
    payable: true,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'standard',
    actions: ['finalize', 'void', 'mark-sent', 'mark-paid', 'mark-unpaid', 'archive', 'restore'],
  },
  credit_note: {
    name: 'Credit note',
    number_prefix: 'CN-',
    payable: false,
    requires_source_document: true,
    supports_reason: true,
    line_item_type: 'standard',
    actions: ['finalize', 'void', 'archive', 'restore'],
  },
  quote: {
    name: 'Quote',
    number_prefix: 'QUO-',
    payable: false,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'standard',
    actions: ['finalize', 'mark-sent', 'void', 'archive', 'restore'],
  },
  receipt: {
    name: 'Receipt',
    number_prefix: 'RCT-',
    payable: false,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'standard',
    actions: ['finalize', 'void', 'archive', 'restore'],
  },
  proforma: {
    name: 'Proforma invoice',
    number_prefix: 'PRO-',
    payable: true,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'standard',
    actions: ['finalize', 'void', 'mark-sent', 'mark-paid', 'mark-unpaid', 'archive', 'restore'],
  },
  purchase_order: {
    name: 'Purchase order',
    number_prefix: 'PO-',
    payable: false,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'standard',
    actions: ['finalize', 'mark-sent', 'void', 'archive', 'restore'],
  },
  delivery_note: {
    name: 'Delivery note',
    number_prefix: 'DN-',
    payable: false,
    requires_source_document: false,
    supports_reason: false,
    line_item_type: 'shipped',
    actions: ['finalize', 'void', 'archive', 'restore'],
  },
};

let cache: DocumentTypeInfo[] | undefined;

function build(): DocumentTypeInfo[] {
  const list = DOCUMENT_TYPE_IDS.map((id): DocumentTypeInfo => {
    const info = TABLE[id];
    const actions = [...info.actions];
    Object.freeze(actions);
    return Object.freeze({ id, ...info, actions });
  });
  Object.freeze(list);
  return list;
}

/** The seven document types with their behaviour flags, in DOCUMENT_TYPE_IDS order. */
export function listDocumentTypes(): DocumentTypeInfo[] {
  cache ??= build();
  return cache;
}

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPE_IDS as readonly string[]).includes(value);
}

export function getDocumentType(id: DocumentType): DocumentTypeInfo {
  const found = listDocumentTypes().find((t) => t.id === id);
  if (found === undefined) throw new Error(`unknown document type: ${id}`);
  return found;
}
