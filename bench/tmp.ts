import { renderPdf } from '../src/rendering/render-pdf';
import { invoice20 } from '../test/rendering-fixtures';
const small = invoice20({ templateId: 'tpl_compact' });
small.data = { ...small.data, line_items: small.data.line_items.map(({ description: _, ...line }) => line), custom_fields: undefined, notes: undefined };
await Bun.write('/tmp/small.pdf', await renderPdf(small));
