// Renders the custom-template example of docs/templates.md (Refined base, recoloured by a config) to
// docs/gallery/custom-template.png.   bun scripts/gallery-custom.ts
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdf } from '../src/rendering/render-pdf';
import { invoice20 } from '../test/rendering-fixtures';

const pdf = await renderPdf(
  invoice20({
    templateId: 'tpl_refined',
    pageSize: 'A4',
    config: {
      primary_color: '#7c2d12',
      accent_color: '#c2410c',
      header_text: 'Studio rates 2026 · Thank you for working with us',
      footer_text: 'Lindqvist & Partner Design GmbH · Amtsgericht Berlin HRB 123456 B',
    },
  }),
);
const dir = mkdtempSync(join(tmpdir(), 'inv-gallery-'));
writeFileSync(join(dir, 'custom.pdf'), pdf);
await Bun.$`pdftoppm -png -r 50 -f 1 -l 1 -singlefile ${join(dir, 'custom.pdf')} ${join(import.meta.dir, '../docs/gallery/custom-template')}`;
console.log('wrote docs/gallery/custom-template.png');
