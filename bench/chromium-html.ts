// The bench's invoices as self-contained HTML (inline CSS, logo as a data URI, no network) for headless
// Chromium to print: the same parties, lines, totals and tax summary our renderer draws, with the totals
// the money module computed, so both sides print the same numbers.

import { qrMatrix } from '../src/rendering/engine/qr';
import { buildEpcPayload } from '../src/rendering/epc-qr';
import type { RenderInput } from '../src/rendering/types';

const esc = (s: string | null | undefined) =>
  (s ?? '').replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
  );

type Party = NonNullable<RenderInput['data']['seller']>;

function party(title: string, p: Party | null | undefined): string {
  if (!p) return '';
  const a = p.address;
  const lines = [
    p.legal_name ?? p.name,
    a?.line1,
    a?.line2,
    [a?.postal_code, a?.city, a?.state].filter(Boolean).join(' '),
    a?.country,
    p.tax_id ? `VAT ${p.tax_id}` : null,
    p.registration_number,
    p.email,
    p.phone,
  ].filter(Boolean);
  return `<div class="party"><h3>${title}</h3>${lines.map((l) => `<div>${esc(l)}</div>`).join('')}</div>`;
}

function logoTag(input: RenderInput): string {
  if (!input.logo) return '';
  const b64 = Buffer.from(input.logo.bytes).toString('base64');
  return `<img class="logo" src="data:${input.logo.contentType};base64,${b64}" alt="">`;
}

/** The EPC payment QR code as inline SVG squares, as our renderer draws it (when it draws one). */
function qrSvg(input: RenderInput): string {
  const bank = input.data.payment?.bank_account;
  if (!bank?.account_number) return '';
  const payload = buildEpcPayload({
    name: input.data.seller?.legal_name ?? input.data.seller?.name ?? '',
    iban: bank.account_number,
    bic: bank.swift,
    currency: input.data.currency,
    amount: input.totals.amount_due ?? input.totals.total,
    remittance: input.data.invoice_number ?? '',
  });
  if (!payload) return '';
  const m = qrMatrix(payload);
  const rects = m
    .flatMap((row, r) => row.map((dark, c) => (dark ? `<rect x="${c}" y="${r}" width="1" height="1"/>` : '')))
    .join('');
  return `<svg class="qr" viewBox="-4 -4 ${m.length + 8} ${m.length + 8}" width="90" height="90">${rects}</svg>`;
}

export function invoiceHtml(input: RenderInput): string {
  const d = input.data;
  const t = input.totals;
  const cur = d.currency;
  const page = input.pageSize === 'LETTER' ? 'letter' : 'A4';
  const rows = d.line_items
    .map((l, i) => {
      const taxes = (l.taxes ?? []).map((x) => `${esc(x.rate)}%`).join(', ');
      const desc = l.description ? `<div class="desc">${esc(l.description)}</div>` : '';
      const disc = l.discount ? `<div class="desc">Discount ${esc(l.discount.value)}%</div>` : '';
      return `<tr><td>${i + 1}</td><td>${esc(l.name)}${desc}${disc}</td><td class="n">${esc(l.quantity)} ${esc(l.unit)}</td><td class="n">${esc(l.unit_price)}</td><td class="n">${taxes}</td><td class="n">${esc(t.lines[i]?.amount)}</td></tr>`;
    })
    .join('\n');
  const taxRows = t.tax_groups
    .map(
      (g) =>
        `<tr><td>${esc(g.name)} ${esc(g.rate)}% on ${esc(g.taxable_amount)}</td><td class="n">${esc(g.tax_amount)}</td></tr>`,
    )
    .join('');
  const money = (label: string, v: string) => `<tr><td>${label}</td><td class="n">${esc(v)} ${cur}</td></tr>`;
  const bank = d.payment?.bank_account;
  const payment = d.payment
    ? `<div class="block"><h3>Payment</h3><div>${esc(d.payment.instructions)}</div>${bank ? `<div>${esc(bank.bank_name)} ${esc(bank.account_number)} ${esc(bank.swift ?? bank.routing_number)}</div>` : ''}${qrSvg(input)}</div>`
    : '';
  const fields = (d.custom_fields ?? []).map((f) => `<div>${esc(f.label)}: ${esc(f.value)}</div>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(d.invoice_number)}</title>
<style>
@page { size: ${page}; margin: 16mm 14mm; }
body { font-family: 'Liberation Sans', Helvetica, Arial, sans-serif; font-size: 9pt; color: #1e293b; margin: 0; }
header { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 8mm; }
.logo { height: 16mm; }
h1 { font-size: 20pt; margin: 0 0 2mm; } h3 { font-size: 8pt; text-transform: uppercase; color: #64748b; margin: 0 0 1mm; }
.parties { display: flex; gap: 10mm; margin-bottom: 6mm; } .party { flex: 1; }
table { width: 100%; border-collapse: collapse; } thead { display: table-header-group; }
th { text-align: left; border-bottom: 1px solid #94a3b8; padding: 1.5mm 1mm; font-size: 8pt; }
td { border-bottom: 1px solid #e2e8f0; padding: 1.5mm 1mm; vertical-align: top; } tr { break-inside: avoid; }
.n { text-align: right; white-space: nowrap; } .desc { color: #64748b; font-size: 8pt; }
.totals { width: 45%; margin-left: auto; margin-top: 4mm; } .totals tr:last-child td { font-weight: bold; border-top: 1px solid #1e293b; }
.block { margin-top: 6mm; }
</style></head><body>
<header>${logoTag(input)}<div><h1>Invoice</h1><div>No. ${esc(d.invoice_number)}</div><div>Issued ${esc(d.issue_date)}</div>${d.due_date ? `<div>Due ${esc(d.due_date)}</div>` : ''}${d.buyer_reference ? `<div>Reference ${esc(d.buyer_reference)}</div>` : ''}</div></header>
<div class="parties">${party('From', d.seller)}${party('Bill to', d.buyer)}${party('Ship to', d.ship_to as Party | undefined)}</div>
<table><thead><tr><th>#</th><th>Item</th><th class="n">Quantity</th><th class="n">Unit price</th><th class="n">Tax</th><th class="n">Amount</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<table class="totals">
${money('Subtotal', t.subtotal)}${t.discount_total !== '0.00' ? money('Discount', `-${t.discount_total}`) : ''}${t.shipping_total !== '0.00' ? money('Shipping', t.shipping_total) : ''}${taxRows}${money('Total', t.total)}
</table>
${payment}${fields ? `<div class="block">${fields}</div>` : ''}${d.notes ? `<div class="block">${esc(d.notes)}</div>` : ''}
</body></html>
`;
}
