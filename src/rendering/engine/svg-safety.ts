// What an SVG logo may be. A 2 KB SVG of nested `<use>` elements (each referencing the previous level ten
// times) expands to billions of elements and drove a render to 10.9 GB; a 20000x20000 PNG inside an SVG as
// a `data:` image passed the pixel limit a plain PNG upload gets. Checked at upload and again before a
// render draws a stored SVG (files stored before the check existed).
import { rasterSizeProblem } from './image-size';

/** Far beyond any logo (a detailed one has a few hundred elements), far below what hurts a renderer. */
export const MAX_SVG_ELEMENTS = 5_000;
/** Elements after every `<use>` is expanded (what the renderer really draws). */
export const MAX_SVG_EXPANDED = 20_000;
export const MAX_SVG_DEPTH = 64;

interface SvgElement {
  name: string;
  id: string | null;
  /** `href` / `xlink:href` of a `<use>`: the id it draws again. */
  uses: string | null;
  children: SvgElement[];
}

/** Why the SVG cannot be drawn safely, or null when it can. */
export function svgSafetyProblem(svg: string): string | null {
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(svg)) return 'An SVG logo may not declare entities';
  if (/<script[\s>/]/i.test(svg) || /\son[a-z]+\s*=/i.test(svg)) return 'An SVG logo may not contain scripts';
  const external = externalReference(svg);
  if (external) return `An SVG logo may not refer to other files or addresses (${external})`;
  const images = embeddedImageProblem(svg);
  if (images) return images;
  const parsed = parseElements(svg);
  if (typeof parsed === 'string') return parsed;
  const expanded = expandedSize(parsed);
  if (typeof expanded === 'string') return expanded;
  return null;
}

/** The first href or url(...) that points outside the document (not `#id`, not inline PNG/JPEG data). */
function externalReference(svg: string): string | null {
  const refs = [
    ...[...svg.matchAll(/\s(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gis)].map((m) => m[2] ?? ''),
    ...[...svg.matchAll(/url\(\s*(["']?)([^)"']*)\1\s*\)/gi)].map((m) => m[2] ?? ''),
  ];
  if (/@import/i.test(svg)) return '@import';
  for (const raw of refs) {
    const ref = raw.trim();
    if (ref.startsWith('#')) continue;
    if (/^data:image\/(png|jpe?g);base64,/i.test(ref)) continue;
    return ref.length > 60 ? `${ref.slice(0, 60)}...` : ref;
  }
  return null;
}

/** Inline PNG/JPEG images are held to the same pixel limits as uploaded ones. */
function embeddedImageProblem(svg: string): string | null {
  for (const m of svg.matchAll(/data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]{0,200})/gi)) {
    const type = (m[1] ?? '').toLowerCase() === 'png' ? 'image/png' : 'image/jpeg';
    const head = Buffer.from((m[2] ?? '').replace(/\s+/g, ''), 'base64');
    // A JPEG's size may sit beyond the first bytes; read the whole value for those.
    const bytes = type === 'image/png' ? head : wholeDataImage(svg, m.index ?? 0);
    const problem = rasterSizeProblem(bytes, type);
    if (problem) return `An image inside the SVG logo: ${problem}`;
  }
  return null;
}

function wholeDataImage(svg: string, at: number): Uint8Array {
  const start = svg.indexOf(',', at) + 1;
  const end = svg.slice(start).search(/["')\s<]/);
  return Buffer.from(svg.slice(start, end === -1 ? undefined : start + end), 'base64');
}

/** The element tree (names, ids, `<use>` targets), or why it is too large or too deep. */
function parseElements(svg: string): SvgElement[] | string {
  const roots: SvgElement[] = [];
  const stack: SvgElement[] = [];
  let count = 0;
  const tag =
    /<(\/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>/g;
  for (const m of svg.matchAll(tag)) {
    const name = m[2];
    if (!name) continue; // a comment, CDATA, processing instruction or DOCTYPE
    if (m[1] === '/') {
      stack.pop();
      continue;
    }
    if (++count > MAX_SVG_ELEMENTS) return `An SVG logo may have at most ${MAX_SVG_ELEMENTS} elements`;
    const attrs = m[3] ?? '';
    const attr = (re: RegExp) => re.exec(attrs)?.[2] ?? null;
    const element: SvgElement = {
      name: name.replace(/^.*:/, ''),
      id: attr(/\sid\s*=\s*(["'])(.*?)\1/s),
      uses: null,
      children: [],
    };
    if (element.name === 'use') element.uses = attr(/\s(?:xlink:)?href\s*=\s*(["'])#(.*?)\1/s);
    (stack.at(-1)?.children ?? roots).push(element);
    if (m[4] !== '/') {
      stack.push(element);
      if (stack.length > MAX_SVG_DEPTH) return `An SVG logo may nest elements at most ${MAX_SVG_DEPTH} deep`;
    }
  }
  return roots;
}

/** The number of elements drawn once every `<use>` is replaced by what it references; cycles refused. */
function expandedSize(roots: SvgElement[]): number | string {
  const byId = new Map<string, SvgElement>();
  const index = (e: SvgElement) => {
    if (e.id !== null && !byId.has(e.id)) byId.set(e.id, e);
    for (const c of e.children) index(c);
  };
  for (const r of roots) index(r);
  const sizes = new Map<SvgElement, number>();
  const visiting = new Set<SvgElement>();
  const sizeOf = (e: SvgElement): number => {
    const known = sizes.get(e);
    if (known !== undefined) return known;
    if (visiting.has(e)) throw new Error('An SVG logo may not use an element inside itself');
    visiting.add(e);
    let total = 1;
    for (const c of e.children) total += sizeOf(c);
    const target = e.uses === null ? undefined : byId.get(e.uses);
    if (target) total += sizeOf(target);
    visiting.delete(e);
    // Capped so the sum stays a safe number even for a document built to overflow it.
    const capped = Math.min(total, MAX_SVG_EXPANDED + 1);
    sizes.set(e, capped);
    return capped;
  };
  try {
    let total = 0;
    for (const r of roots) total += sizeOf(r);
    if (total > MAX_SVG_EXPANDED) {
      return `An SVG logo may draw at most ${MAX_SVG_EXPANDED} elements once its <use> references are expanded`;
    }
    return total;
  } catch (error) {
    return (error as Error).message;
  }
}
