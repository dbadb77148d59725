// A pale brand colour (#FFFF99, a yellow letterhead) must leave every text of the PDF readable: the brand
// colour is darkened for text to WCAG's 4.5:1 for small text (table heads, section headings at 6.5-8.5 pt),
// and to 3:1 only for large text (18 pt and up, or 14 pt bold).
import { describe, expect, test } from 'bun:test';
import { THEMES } from '../../src/rendering/themes';
import { contrast } from '../../src/rendering/themes/palette';
import { resolveTheme } from '../../src/rendering/themes/resolve';
import type { StyleName } from '../../src/rendering/themes/types';
import type { BuiltInTemplateId } from '../../src/rendering/types';

const large = (size: number, font: string) =>
  size >= 18 || (size >= 14 && (font === 'bold' || font === 'semibold'));

describe('a very light brand colour', () => {
  for (const id of Object.keys(THEMES) as BuiltInTemplateId[]) {
    test(`${id}: every brand-coloured text reads on white`, () => {
      for (const pale of ['#FFFF99', '#ffe600', '#e0f2fe']) {
        const theme = resolveTheme(id, { primary_color: pale, accent_color: pale }, undefined);
        for (const [name, spec] of Object.entries(THEMES[id].styles) as [
          StyleName,
          (typeof THEMES)[BuiltInTemplateId]['styles'][StyleName],
        ][]) {
          if (spec.color !== 'primaryInk' && spec.color !== 'accentInk') continue;
          const need = large(spec.size, spec.font) ? 3 : 4.5;
          const ratio = contrast(theme.s[name].color as string, '#ffffff');
          expect({ id, pale, name, ok: ratio >= need }).toEqual({ id, pale, name, ok: true });
        }
      }
    });
  }

  test('a dark enough brand colour is drawn as chosen, in small text too', () => {
    const theme = resolveTheme('tpl_modern', { primary_color: '#2563eb' }, undefined);
    expect(theme.s.tableHead.color).toBe('#2563eb');
  });
});
