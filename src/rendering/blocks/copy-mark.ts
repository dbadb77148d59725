// The mark a copy of an issued document carries on every page (RenderInput.copy; docs/renders.md): "Kopie /
// Copy" in the document's language and English, in a white tile with a red frame at the top right, in the
// top margin, where no theme draws content (the top bar and the band header stay beneath it, readable).
import { languageOf } from '../labels';
import type { BlockContext } from './context';

const COPY_WORDS: Record<string, string> = {
  en: 'Copy',
  de: 'Kopie',
  fr: 'Copie',
  es: 'Copia',
  it: 'Copia',
  nl: 'Kopie',
};

const RED = '#B42318';
const TOP = 12;
const PAD_X = 6;
const PAD_Y = 3;

/** `Kopie / Copy` for a German document, `Copy` for an English one. */
export function copyMarkText(locale: string): string {
  const word = COPY_WORDS[languageOf(locale)] ?? 'Copy';
  return word === 'Copy' ? word : `${word} / Copy`;
}

export function drawCopyMarks(ctx: BlockContext): void {
  const { layout, view } = ctx;
  const style = { font: 'bold' as const, size: 9, color: RED, tracking: 0.4 };
  const text = copyMarkText(view.locale);
  const width = layout.widthOf(text, style) + 2 * PAD_X;
  const height = layout.lineHeight(style) + 2 * PAD_Y;
  const x = layout.right - width;
  for (let i = 0; i < layout.pdf.pageCount; i += 1) {
    layout.pdf.switchTo(i);
    layout.rect(x, TOP, width, height, '#FFFFFF');
    layout.strokeRect(x, TOP, width, height, RED, 1);
    layout.text(text, x + PAD_X, TOP + PAD_Y, style);
  }
}
