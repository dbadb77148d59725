// A render worker: draws PDFs off the request thread. Built into the executable as its own entrypoint.
import { renderPdf } from '../rendering/render-pdf';
import type { RenderInput } from '../rendering/types';
import { fromRenderMessage, type RenderMessage } from './render-message';

declare const self: Worker;

/**
 * One throw-away render when the worker starts: the first render of a process pays for font loading and
 * shaping caches (about 300 ms), and that should not be a customer's request.
 */
const WARM_UP: RenderInput = {
  documentType: 'invoice',
  data: {
    currency: 'EUR',
    seller: { name: 'Warm-up' },
    buyer: { name: 'Warm-up' },
    line_items: [{ name: 'x', quantity: '1', unit_price: '1' }],
  },
  totals: {
    subtotal: '1.00',
    discount_total: '0.00',
    tax_total: '0.00',
    shipping_total: '0.00',
    total: '1.00',
    exclusive_tax_total: '0.00',
    inclusive_tax_total: '0.00',
    lines: [{ gross_amount: '1.00', discount_amount: '0.00', amount: '1.00', allocated_discount: '0.00' }],
    tax_groups: [],
    discounts: [],
  },
  templateId: 'tpl_modern',
  pageSize: 'A4',
};
renderPdf(WARM_UP).catch(() => undefined);

self.onmessage = async (event: MessageEvent<RenderMessage>) => {
  const { id, input } = fromRenderMessage(event.data);
  try {
    const bytes = await renderPdf(input);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    self.postMessage({ id, bytes: buffer }, [buffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
