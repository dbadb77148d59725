// Where custom fields (an order number, a contact person) are printed: beside a single recipient, DIN
// 5008's information block: alone in Minimal and Bold (issue 42 §1: those two took a second page for the
// fields and the note from two lines on), under the meta list or the amount due in the other templates
// where that saves a page (Modern took a second page for them and the note at five lines, Refined at
// three); after the payment elsewhere, where readers of those templates find them.
import { describe, expect, test } from 'bun:test';
import { germanInvoice } from '../../bench/fixtures/german-invoice';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { pdfPagesText, poppler, savePdf } from '../rendering-fixtures';

interface Word {
  text: string;
  page: number;
  x: number;
  y: number;
}

/** Every word with its page and top-left corner (pdftotext -bbox). */
function words(path: string): Word[] {
  const out: Word[] = [];
  let page = 0;
  for (const line of poppler('pdftotext', ['-bbox', path, '-']).split('\n')) {
    if (line.includes('<page ')) page += 1;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/.exec(line);
    if (m) out.push({ text: m[3] ?? '', page, x: Number(m[1]), y: Number(m[2]) });
  }
  return out;
}

/** The first word that reads `text`, in any case (templates print labels upper case or not). */
function at(all: Word[], text: string): Word {
  const word = all.find((w) => w.text.toLowerCase() === text.toLowerCase());
  if (!word) throw new Error(`"${text}" not in the PDF: ${all.map((w) => w.text).join(' ')}`);
  return word;
}

const render = async (input: RenderInput) => savePdf(await renderPdf(input));

/** True when `a` is printed after `b` (a later page, or lower on the same one). */
const after = (a: Word, b: Word) => a.page > b.page || (a.page === b.page && a.y > b.y);

describe('custom fields on the PDF', () => {
  test('Minimal and Bold: beside the one recipient, level with its heading, on the right half; one A4 page up to two lines', async () => {
    for (const templateId of ['tpl_minimal', 'tpl_bold'] as const) {
      for (const count of [1, 2]) {
        const path = await render(germanInvoice(count, { templateId, pageSize: 'A4' }));
        const all = words(path);
        const where = `${templateId} ${count} lines`;
        const field = at(all, 'AUFTRAGSNUMMER');
        const recipient = at(all, 'RECHNUNGSEMPFÄNGER');
        const postcode = at(all, '41061');
        expect(field.page, where).toBe(1);
        expect(field.y, where).toBeGreaterThanOrEqual(recipient.y);
        expect(field.y, where).toBeLessThan(postcode.y);
        expect(field.x, where).toBeGreaterThan(595 / 2 - 40);
        expect(at(all, 'Frau').y, where).toBeLessThan(postcode.y);
        // Once only: no "further details" block after the payment as well.
        expect(
          all.filter((w) => /^auftragsnummer$/i.test(w.text)),
          where,
        ).toHaveLength(1);
        expect(pdfPagesText(path), where).toHaveLength(1);
      }
    }
  }, 30_000);

  test('Modern, Refined, Compact: under the meta list or the amount due, beside the recipient; one A4 page at 5, 3 and 11 lines (two before)', async () => {
    for (const [templateId, count] of [
      ['tpl_modern', 5],
      ['tpl_refined', 3],
      ['tpl_compact', 11],
    ] as const) {
      const path = await render(germanInvoice(count, { templateId, pageSize: 'A4' }));
      const all = words(path);
      const where = `${templateId} ${count} lines`;
      const field = at(all, 'AUFTRAGSNUMMER');
      expect(field.page, where).toBe(1);
      expect(field.x, where).toBeGreaterThan(595 / 2);
      // Under the column's last line (the service date, or the amount due), above the table's head.
      const above = templateId === 'tpl_refined' ? at(all, 'LEISTUNGSDATUM') : at(all, 'ZAHLEN');
      expect(field.y, where).toBeGreaterThan(above.y);
      expect(field.y, where).toBeLessThan(at(all, 'BEZEICHNUNG').y);
      expect(
        all.filter((w) => /^auftragsnummer$/i.test(w.text)),
        where,
      ).toHaveLength(1);
      expect(pdfPagesText(path), where).toHaveLength(1);
    }
  }, 30_000);

  test('after the payment where the column beside the recipient is taken, too small, or moving them up saves no page: a ship-to party, seven fields, Classic, Modern at 2 and 6 lines', async () => {
    const base = germanInvoice(2, { templateId: 'tpl_minimal', pageSize: 'A4' });
    const shipTo = {
      ...base,
      data: { ...base.data, ship_to: { name: 'Bauhof Nord', address: base.data.buyer?.address } },
    } as RenderInput;
    const seven = {
      ...base,
      data: {
        ...base.data,
        custom_fields: Array.from({ length: 7 }, (_, i) => ({
          label: i === 0 ? 'Auftragsnummer' : `Feld ${i}`,
          value: `Wert ${i}`,
        })),
      },
    } as RenderInput;
    const classic = germanInvoice(2, { templateId: 'tpl_classic', pageSize: 'A4' });
    const modernShipTo = {
      ...shipTo,
      templateId: 'tpl_modern',
    } as RenderInput;
    for (const [name, input] of [
      ['ship to', shipTo],
      ['seven fields', seven],
      ['Classic', classic],
      ['Modern with a ship-to party', modernShipTo],
      ['Modern, 2 lines', germanInvoice(2, { templateId: 'tpl_modern', pageSize: 'A4' })],
      // Two pages either way: the payment stays on the first with the totals.
      ['Modern, 6 lines', germanInvoice(6, { templateId: 'tpl_modern', pageSize: 'A4' })],
    ] as const) {
      const all = words(await render(input));
      expect(after(at(all, 'AUFTRAGSNUMMER'), at(all, 'IBAN')), name).toBe(true);
      expect(at(all, 'AUFTRAGSNUMMER').x, name).toBeLessThan(100);
    }
  }, 30_000);
});
