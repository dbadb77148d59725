// A customer statement as a PDF: the seller, the customer, the period, then per currency the opening
// balance, the period's entries with a running balance, the closing balance and what is overdue. Pure: the
// figures come in as exact decimal strings and leave as the locale writes them (../format.ts).
import { currencyDecimals } from '../../domain/reference';
import { Layout, type TextStyle } from '../engine/layout';
import { Pdf } from '../engine/pdf';
import { makeFormatter } from '../format';
import { statementLabels } from './labels';
import type { StatementPdfInput } from './types';

export type { StatementPdfInput } from './types';

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1d9';
const FILL = '#f1f4f7';
const ALERT = '#9b1c1c';
const style = (font: TextStyle['font'], size: number, color = INK): TextStyle => ({ font, size, color });
const BODY = style('regular', 9);
const SMALL = style('regular', 8, MUTED);
const HEAD = style('semibold', 8.5, MUTED);
const STRONG = style('semibold', 9);
const MARGINS = { top: 48, right: 50, bottom: 56, left: 50 };
// Column shares of the content width: date, entry, number, due, amount, balance.
const SHARES = [0.14, 0.17, 0.22, 0.14, 0.165, 0.165];

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const labels = statementLabels(input.locale);
  const dates = makeFormatter(input.locale, 'EUR', 2);
  const pdf = await Pdf.create({
    pageSize: input.pageSize,
    title: `${labels.title} – ${input.customer.name}`,
    author: input.seller?.name ?? '',
    lang: dates.locale,
  });
  const layout = new Layout(pdf, MARGINS, dates.locale);
  const { left, contentWidth } = layout;

  // Seller on the left, title and period on the right.
  let y = layout.y;
  if (input.seller) {
    layout.text(input.seller.name, left, y, style('bold', 13));
    let sy = y + layout.lineHeight(style('bold', 13));
    for (const line of input.seller.lines) {
      layout.text(line, left, sy, SMALL, contentWidth * 0.55);
      sy += layout.lineHeight(SMALL);
    }
    y = Math.max(y, sy);
  }
  const rightX = left + contentWidth * 0.55;
  const rightW = contentWidth * 0.45;
  let ry = layout.y;
  layout.text(labels.title, rightX, ry, style('semibold', 15), rightW, 'right');
  ry += layout.lineHeight(style('semibold', 15));
  layout.text(
    `${labels.period}: ${dates.date(input.from)} – ${dates.date(input.to)}`,
    rightX,
    ry,
    BODY,
    rightW,
    'right',
  );
  ry += layout.lineHeight(BODY);
  layout.text(`${labels.issued}: ${dates.date(input.issued)}`, rightX, ry, BODY, rightW, 'right');
  ry += layout.lineHeight(BODY);
  y = Math.max(y, ry) + 18;

  layout.text(labels.customer.toLocaleUpperCase(dates.locale), left, y, HEAD);
  y += layout.lineHeight(HEAD);
  layout.text(input.customer.name, left, y, STRONG);
  y += layout.lineHeight(STRONG);
  for (const line of input.customer.lines) {
    layout.text(line, left, y, BODY);
    y += layout.lineHeight(BODY);
  }
  layout.y = y + 16;

  if (input.sections.length === 0) {
    layout.paragraph(labels.noTransactions, left, layout.y, contentWidth, BODY);
  }
  const widths = SHARES.map((s) => s * contentWidth);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const rowH = layout.lineHeight(BODY) + 4;
  const multi = input.sections.length > 1;

  for (const section of input.sections) {
    const money = makeFormatter(input.locale, section.currency, currencyDecimals(section.currency) ?? 2);
    const header = () => {
      layout.rect(left, layout.y, contentWidth, rowH, FILL);
      const cols = labels.columns;
      const names = [cols.date, cols.type, cols.number, cols.due, cols.amount, cols.balance];
      names.forEach((name, i) => {
        layout.text(
          name,
          (xs[i] ?? left) + 3,
          layout.y + 2,
          HEAD,
          (widths[i] ?? 0) - 6,
          i >= 4 ? 'right' : 'left',
        );
      });
      layout.y += rowH;
    };
    const row = (cells: string[], font: TextStyle = BODY) => {
      if (layout.ensure(rowH)) header();
      cells.forEach((cell, i) => {
        const w = (widths[i] ?? 0) - 6;
        const text = layout.ellipsize(cell, w, font);
        layout.text(text, (xs[i] ?? left) + 3, layout.y + 2, font, w, i >= 4 ? 'right' : 'left');
      });
      layout.y += rowH;
      layout.hline(left, left + contentWidth, layout.y, RULE);
    };
    layout.ensure(rowH * 4 + 20);
    if (multi) {
      layout.text(section.currency, left, layout.y, style('semibold', 11));
      layout.y += layout.lineHeight(style('semibold', 11)) + 2;
    }
    header();
    row([dates.date(input.from), labels.opening, '', '', '', money.money(section.opening_balance)], STRONG);
    if (section.entries.length === 0) row(['', labels.noEntries, '', '', '', '']);
    for (const e of section.entries) {
      row([
        dates.date(e.date),
        labels.types[e.type],
        e.number,
        e.due_date ? dates.date(e.due_date) : '',
        money.money(e.amount),
        money.money(e.balance),
      ]);
    }
    row([dates.date(input.to), labels.closing, '', '', '', money.money(section.closing_balance)], STRONG);
    layout.y += 12;

    // What is overdue on the last day of the period.
    layout.ensure(rowH * 3);
    const title = `${labels.overdueOn.replace('{date}', dates.date(input.to))}: ${money.money(section.overdue.amount)}`;
    const overdue = section.overdue.documents.length > 0;
    layout.text(title, left, layout.y, style('semibold', 10, overdue ? ALERT : INK));
    layout.y += layout.lineHeight(style('semibold', 10)) + 2;
    if (!overdue) {
      layout.text(labels.nothingOverdue, left, layout.y, BODY);
      layout.y += rowH;
    }
    for (const d of section.overdue.documents) {
      const cells = [
        d.number,
        `${labels.columns.due} ${dates.date(d.due_date)}`,
        `${d.days_overdue} ${labels.daysOverdue}`,
        `${labels.amountDue} ${money.money(d.amount_due)}`,
      ];
      layout.ensure(rowH);
      const w = contentWidth / 4;
      cells.forEach((c, i) => {
        layout.text(
          layout.ellipsize(c, w - 6, BODY),
          left + i * w,
          layout.y + 2,
          BODY,
          w - 6,
          i === 3 ? 'right' : 'left',
        );
      });
      layout.y += rowH;
    }
    layout.y += 18;
  }

  // Footers, once the page count is known.
  const pages = layout.pageCount;
  for (let i = 0; i < pages; i++) {
    pdf.switchTo(i);
    const text = labels.page.replace('{page}', String(i + 1)).replace('{pages}', String(pages));
    const footY = layout.height - MARGINS.bottom + 18;
    layout.hline(left, left + contentWidth, footY - 4, RULE);
    layout.text(input.seller?.name ?? '', left, footY, SMALL, contentWidth / 2);
    layout.text(text, left + contentWidth / 2, footY, SMALL, contentWidth / 2, 'right');
  }
  return await pdf.finish();
}
