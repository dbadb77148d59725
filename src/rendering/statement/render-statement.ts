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

  // Pages after the first name what they continue: the title, the customer, the period.
  layout.headerReserve = layout.lineHeight(STRONG) + 12;
  layout.onPageStart = () => {
    const top = layout.top;
    const head = `${labels.title} · ${input.customer.name} · ${labels.continued}`;
    layout.text(layout.ellipsize(head, contentWidth * 0.62, STRONG), left, top, STRONG);
    const period = `${dates.date(input.from)} – ${dates.date(input.to)}`;
    layout.text(period, left, top, SMALL, contentWidth, 'right');
    layout.hline(left, left + contentWidth, top + layout.lineHeight(STRONG) + 4, RULE);
  };

  if (input.sections.length === 0) {
    layout.paragraph(labels.noTransactions, left, layout.y, contentWidth, BODY);
  }
  const multi = input.sections.length > 1;
  const lineH = layout.lineHeight(BODY);

  for (const section of input.sections) {
    const money = makeFormatter(input.locale, section.currency, currencyDecimals(section.currency) ?? 2);
    const table = entryColumns(layout, labels, dates, money, section, contentWidth);
    const xs = table.widths.map((_, i) => left + table.widths.slice(0, i).reduce((a, b) => a + b, 0));
    const cols = labels.columns;
    const names = [cols.date, cols.type, cols.number, cols.due, cols.amount, cols.balance];
    const headH =
      Math.max(...names.map((n, i) => layout.wrap(n, (table.widths[i] ?? 0) - 6, HEAD).length)) * lineH + 4;
    const header = () => {
      layout.rect(left, layout.y, contentWidth, headH, FILL);
      names.forEach((name, i) => {
        const w = (table.widths[i] ?? 0) - 6;
        layout.lines(
          layout.wrap(name, w, HEAD),
          (xs[i] ?? left) + 3,
          layout.y + 2,
          HEAD,
          w,
          i >= 4 ? 'right' : 'left',
        );
      });
      layout.y += headH;
    };
    /**
     * One row; nothing is shortened: a long number or entry wraps in its column, amounts always fit (their
     * columns are as wide as the widest). `span` joins the entry and number columns (the balance rows).
     */
    const row = (cells: string[], font: TextStyle = BODY, span = false) => {
      const widthOf = (i: number) =>
        (span && i === 1 ? (table.widths[1] ?? 0) + (table.widths[2] ?? 0) : (table.widths[i] ?? 0)) - 6;
      const wrapped = cells.map((cell, i) => (span && i === 2 ? [] : layout.wrap(cell, widthOf(i), font)));
      const rowH = Math.max(1, ...wrapped.map((l) => l.length)) * layout.lineHeight(font) + 4;
      if (layout.ensure(rowH)) header();
      wrapped.forEach((lines, i) => {
        layout.lines(lines, (xs[i] ?? left) + 3, layout.y + 2, font, widthOf(i), i >= 4 ? 'right' : 'left');
      });
      layout.y += rowH;
      layout.hline(left, left + contentWidth, layout.y, RULE);
    };
    layout.ensure(headH + lineH * 4 + 20);
    if (multi) {
      layout.text(section.currency, left, layout.y, style('semibold', 11));
      layout.y += layout.lineHeight(style('semibold', 11)) + 2;
    }
    header();
    row(
      [dates.date(input.from), labels.opening, '', '', '', money.money(section.opening_balance)],
      STRONG,
      true,
    );
    if (section.entries.length === 0) row(['', labels.noEntries, '', '', '', ''], BODY, true);
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
    row(
      [dates.date(input.to), labels.closing, '', '', '', money.money(section.closing_balance)],
      STRONG,
      true,
    );
    layout.y += 12;

    // What is overdue on the last day of the period: number, due date, days, amount, nothing shortened.
    layout.ensure(lineH * 3 + 8);
    const title = `${labels.overdueOn.replace('{date}', dates.date(input.to))}: ${money.money(section.overdue.amount)}`;
    const overdue = section.overdue.documents.length > 0;
    layout.paragraph(title, left, layout.y, contentWidth, style('semibold', 10, overdue ? ALERT : INK));
    layout.y +=
      layout.wrap(title, contentWidth, style('semibold', 10)).length *
        layout.lineHeight(style('semibold', 10)) +
      2;
    if (!overdue) {
      layout.text(labels.nothingOverdue, left, layout.y, BODY);
      layout.y += lineH + 4;
    }
    const late = section.overdue.documents.map((d) => [
      d.number,
      `${labels.columns.due} ${dates.date(d.due_date)}`,
      `${d.days_overdue} ${labels.daysOverdue}`,
      `${labels.amountDue} ${money.money(d.amount_due)}`,
    ]);
    const fixed = [1, 2, 3].map(
      (i) => Math.max(0, ...late.map((c) => layout.widthOf(c[i] ?? '', BODY))) + 12,
    );
    const lateWidths = [
      Math.max(contentWidth * 0.2, contentWidth - fixed.reduce((a, b) => a + b, 0)),
      ...fixed,
    ];
    for (const cells of late) {
      const numberLines = layout.wrap(cells[0] ?? '', (lateWidths[0] ?? 0) - 6, BODY);
      const rowH = numberLines.length * lineH + 4;
      layout.ensure(rowH);
      let x = left;
      cells.forEach((c, i) => {
        const w = (lateWidths[i] ?? 0) - 6;
        const lines = i === 0 ? numberLines : [c];
        layout.lines(
          lines,
          i === 3 ? left + contentWidth - w : x,
          layout.y + 2,
          BODY,
          w,
          i === 3 ? 'right' : 'left',
        );
        x += lateWidths[i] ?? 0;
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

type Formatter = ReturnType<typeof makeFormatter>;

/**
 * The entry table's column widths: dates, amounts and balances as wide as their widest value (in the bold
 * of the balance rows), the entry as wide as its longest word; the number takes the rest (at least a fifth,
 * which the entry gives up first by wrapping) and wraps a long number rather than cut it.
 */
function entryColumns(
  layout: Layout,
  labels: ReturnType<typeof statementLabels>,
  dates: Formatter,
  money: Formatter,
  section: StatementPdfInput['sections'][number],
  contentWidth: number,
): { widths: number[] } {
  const pad = 12;
  const widest = (texts: string[], font: TextStyle) =>
    Math.max(0, ...texts.map((t) => layout.widthOf(t, font)));
  const cols = labels.columns;
  const date = Math.max(widest([dates.date('2026-12-31')], BODY), widest([cols.date], HEAD)) + pad;
  const due = Math.max(widest([dates.date('2026-12-31')], BODY), widest([cols.due], HEAD)) + pad;
  const amounts = section.entries.map((e) => money.money(e.amount));
  const balances = [
    ...section.entries.map((e) => money.money(e.balance)),
    money.money(section.opening_balance),
    money.money(section.closing_balance),
  ];
  const amount = Math.max(widest(amounts, BODY), widest([cols.amount], HEAD)) + pad;
  const balance = Math.max(widest(balances, STRONG), widest([cols.balance], HEAD)) + pad;
  const types = [...new Set(section.entries.map((e) => labels.types[e.type]))];
  const longestWord =
    widest(
      types.flatMap((t) => t.split(/\s+/)),
      BODY,
    ) + pad;
  let type = Math.max(widest(types, BODY) + pad, widest([cols.type], HEAD) + pad, contentWidth * 0.12);
  const rest = () => contentWidth - date - due - amount - balance - type;
  if (rest() < contentWidth * 0.2) type = Math.max(longestWord, type - (contentWidth * 0.2 - rest()));
  return { widths: [date, type, Math.max(rest(), 0), due, amount, balance] };
}
