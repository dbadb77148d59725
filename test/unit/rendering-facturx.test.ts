// Factur-X renders (PDF/A-3b + factur-x.xml), read back with qpdf, poppler, xmllint and exiftool: what a
// validator or an accounting system sees, not what the code meant to write.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { escapeXml } from '../../src/rendering/engine/xmp';
import { renderPdf } from '../../src/rendering/render-pdf';
import type { RenderInput } from '../../src/rendering/types';
import { invoice20, LOGO_PNG, pdfFonts, pdfInfo, poppler, SELLER, savePdf } from '../rendering-fixtures';

const XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:' +
  'standard:CrossIndustryInvoice:100"><!-- Müller & Söhne, 29 000,15 € --></rsm:CrossIndustryInvoice>\n';
const ICC = readFileSync(new URL('../../node_modules/pdfkit/js/data/sRGB_IEC61966_2_1.icc', import.meta.url));

const render = async (input: RenderInput) => savePdf(await renderPdf(input));
const facturx = (rest: Partial<RenderInput> = {}) => invoice20({ facturx: { xml: XML }, ...rest });

function run(cmd: string[], stdin?: string): { code: number; out: string; err: string } {
  const proc = Bun.spawnSync(cmd, { stdin: stdin === undefined ? 'ignore' : Buffer.from(stdin) });
  return { code: proc.exitCode ?? -1, out: proc.stdout.toString(), err: proc.stderr.toString() };
}

/** The whole file with streams uncompressed and one object per `N 0 obj` (qpdf's QDF form). */
function qdf(path: string): string {
  const out = `${path}.qdf`;
  run(['qpdf', '--qdf', '--object-streams=disable', path, out]);
  return readFileSync(out).toString('latin1');
}

/** The dictionary of the object holding `marker` (QDF writes one key per line). */
function objectWith(qdfText: string, marker: string): string {
  const objects = qdfText.split(/\nendobj\n/);
  return objects.find((o) => o.includes(marker)) ?? '';
}

/** The XMP packet, exactly as stored (pdfinfo -meta prints the metadata stream). */
const xmp = (path: string) => poppler('pdfinfo', ['-meta', path]);

function expectNoTransparency(qdfText: string): void {
  expect(qdfText).not.toContain('/SMask');
  expect(qdfText).not.toContain('/Transparency');
  expect(qdfText).not.toMatch(/\/(CA|ca) (0|0?\.\d+)\b/);
}

describe('Factur-X render', () => {
  test('qpdf --check passes; PDF 1.7, fonts embedded', async () => {
    const path = await render(facturx());
    const check = run(['qpdf', '--check', path]);
    expect(check.code).toBe(0);
    expect(check.out).toContain('No syntax or stream encoding errors');
    expect(poppler('pdfinfo', [path])).toMatch(/PDF version:\s+1\.7/);
    expect(pdfFonts(path).filter((f) => !f.embedded)).toEqual([]);
  });

  test('attaches exactly factur-x.xml, byte-identical to the XML given', async () => {
    const path = await render(facturx());
    const list = poppler('pdfdetach', ['-list', path]).trim().split('\n');
    expect(list).toEqual(['1 embedded files', '1: factur-x.xml']);
    const saved = `${path}.xml`;
    poppler('pdfdetach', ['-save', '1', '-o', saved, path]);
    expect(readFileSync(saved).equals(Buffer.from(XML, 'utf8'))).toBe(true);
  });

  test('catalog /AF, filespec /AFRelationship /Alternative, text/xml with a ModDate', async () => {
    const text = qdf(await render(facturx()));
    const catalog = objectWith(text, '/Type /Catalog');
    expect(catalog).toMatch(/\/AF \[\s*\d+ 0 R\s*\]/);
    const filespec = objectWith(text, '/Type /Filespec');
    expect(filespec).toContain('/AFRelationship /Alternative');
    expect(filespec).toContain('/F (factur-x.xml)');
    expect(filespec).toContain('/UF (factur-x.xml)');
    const afRef = /\/AF \[\s*(\d+) 0 R/.exec(catalog)?.[1];
    expect(filespec).toMatch(new RegExp(`(^|\\n)${afRef} 0 obj`));
    const embedded = objectWith(text, '/Type /EmbeddedFile');
    expect(embedded).toMatch(/\/Subtype \/text#2[Ff]xml/);
    expect(embedded).toMatch(/\/ModDate \(D:\d{14}/);
    expect(objectWith(text, '/EmbeddedFiles')).toContain('(factur-x.xml)');
  });

  test('an sRGB output intent carrying the ICC profile', async () => {
    const text = qdf(await render(facturx()));
    const intent = objectWith(text, '/Type /OutputIntent');
    expect(intent).toContain('/S /GTS_PDFA1');
    expect(intent).toContain('/OutputConditionIdentifier (sRGB IEC61966-2.1)');
    expect(objectWith(text, '/Type /Catalog')).toMatch(/\/OutputIntents \[\s*\d+ 0 R\s*\]/);
    expect(text.includes(ICC.toString('latin1'))).toBe(true);
  });

  test('XMP: pdfaid 3/B, the fx extension schema and values; well-formed', async () => {
    const meta = xmp(await render(facturx()));
    expect(meta).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(meta).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(meta).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(meta).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    for (const name of ['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel']) {
      expect(meta).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
    }
    expect(meta.match(/<pdfaProperty:valueType>Text<\/pdfaProperty:valueType>/g)?.length).toBe(4);
    expect(meta).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(meta).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(meta).toContain('<fx:Version>1.0</fx:Version>');
    expect(meta).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(run(['xmllint', '--noout', '-'], meta).code).toBe(0);
  });

  test('no transparency: the SVG logo drawn opaque, a PNG logo with alpha flattened onto white', async () => {
    const svg = qdf(await render(facturx()));
    expectNoTransparency(svg);
    // The logo's navy square (#1e3a8a) was drawn: the SVG itself needs no transparency, so it stays.
    expect(svg).toContain('0.11764705882352941 0.22745098039215686 0.5411764705882353 scn');
    const pngPath = await render(facturx({ logo: { bytes: LOGO_PNG, contentType: 'image/png' } }));
    expectNoTransparency(qdf(pngPath));
    const images = poppler('pdfimages', ['-list', pngPath]).trim().split('\n').slice(2);
    expect(images.length).toBe(1);
    expect(images[0]).toMatch(/image\s+160\s+64\s+rgb\s+3\s+8/);
    // pdfimages writes PPM (P6): a transparent corner is now white, the discs keep their colours.
    poppler('pdfimages', [pngPath, `${pngPath}-img`]);
    const ppm = readFileSync(`${pngPath}-img-000.ppm`);
    const data = ppm.subarray(ppm.indexOf('255\n') + 4);
    const pixel = (x: number, y: number) => [...data.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3)];
    expect(pixel(0, 0)).toEqual([255, 255, 255]);
    expect(pixel(32, 32)).toEqual([13, 148, 136]);
  });

  test('an SVG logo that needs transparency is left out; the document still renders', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g opacity="0.5"><rect width="10" ' +
        'height="10" fill="rgba(0,0,255,0.4)"/></g></svg>',
    );
    const logo = { bytes: svg, contentType: 'image/svg+xml' as const };
    expectNoTransparency(qdf(await render(facturx({ logo }))));
    // The same logo in an ordinary render does use transparency (which is why it is dropped above).
    expect(qdf(await render(invoice20({ logo })))).toMatch(/\/SMask|\/ca 0?\.\d/);
  });

  test('a seller called Müller & Söhne <GmbH>: escaped, well-formed XMP that exiftool reads back', async () => {
    const name = 'Müller & Söhne <GmbH>';
    const input = facturx();
    input.data = { ...input.data, seller: { ...SELLER, name, legal_name: name } };
    const path = await render(input);
    expect(pdfInfo(path).author).toBe(name);
    const meta = xmp(path);
    expect(meta).toContain('<rdf:li>Müller &amp; Söhne &lt;GmbH&gt;</rdf:li>');
    const lint = run(['xmllint', '--noout', '-'], meta);
    expect(lint.err).toBe('');
    expect(lint.code).toBe(0);
    const exif = run(['exiftool', '-j', '-XMP:all', path]);
    expect(exif.code).toBe(0);
    const [tags] = JSON.parse(exif.out) as Record<string, unknown>[];
    expect(tags?.Creator).toBe(name);
    expect(tags?.Part).toBe(3);
    expect(tags?.Conformance).toBe('B');
    expect(tags?.DocumentFileName).toBe('factur-x.xml');
    expect(tags?.ConformanceLevel).toBe('EN 16931');
  });
});

test('escapeXml: markup escaped, characters XML 1.0 cannot carry dropped', () => {
  expect(escapeXml('Müller & Söhne <GmbH> "x"')).toBe('Müller &amp; Söhne &lt;GmbH&gt; &quot;x&quot;');
  expect(escapeXml('a\u0000b\u0007c\td\ne\uFFFEf 😀')).toBe('abc\td\nef 😀');
});

describe('a render without facturx is unchanged', () => {
  test('PDF 1.3, no XMP, no attachment, no output intent, no /AF', async () => {
    for (const input of [invoice20(), invoice20({ facturx: null })]) {
      const path = await render(input);
      const info = poppler('pdfinfo', [path]);
      expect(info).toMatch(/PDF version:\s+1\.3/);
      expect(info).toMatch(/Metadata Stream:\s+no/);
      expect(poppler('pdfdetach', ['-list', path]).trim()).toBe('0 embedded files');
      const text = qdf(path);
      expect(text).not.toContain('/OutputIntents');
      expect(text).not.toMatch(/\/AF \[/);
      expect(text).not.toContain('/EmbeddedFiles');
    }
  });
});
