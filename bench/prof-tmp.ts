import { renderPdf } from '../src/rendering/render-pdf';
import { invoice20 } from '../test/rendering-fixtures';
const small = invoice20();
small.data = { ...small.data, line_items: small.data.line_items.map(({ description: _, ...line }) => line) };
for (let i = 0; i < 200; i++) await renderPdf(small);
