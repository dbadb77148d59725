export type PageSizeId = 'LETTER' | 'A4';

export interface PageSize {
  id: PageSizeId;
  name: string;
  width_mm: number;
  height_mm: number;
}

export interface PagePoints {
  width: number;
  height: number;
}

/**
 * Renderer sizes in PDF points (1/72 in). Kept as literals rather than
 * derived from millimetres so PDFs match the sizes other tools emit:
 * US Letter is exactly 612 x 792; A4 is conventionally 595.28 x 841.89.
 */
export const PAGE_SIZE_POINTS: Readonly<Record<PageSizeId, Readonly<PagePoints>>> = Object.freeze({
  LETTER: Object.freeze({ width: 612, height: 792 }),
  A4: Object.freeze({ width: 595.28, height: 841.89 }),
});

export const PAGE_SIZE_IDS = Object.freeze(['LETTER', 'A4'] as const);

let cache: PageSize[] | undefined;

function build(): PageSize[] {
  const list: PageSize[] = [
    Object.freeze({ id: 'LETTER', name: 'US Letter', width_mm: 215.9, height_mm: 279.4 }),
    Object.freeze({ id: 'A4', name: 'A4', width_mm: 210, height_mm: 297 }),
  ];
  Object.freeze(list);
  return list;
}

/** The paper sizes documents can be rendered on. */
export function listPageSizes(): PageSize[] {
  cache ??= build();
  return cache;
}

export function isPageSizeId(value: string): value is PageSizeId {
  return value === 'LETTER' || value === 'A4';
}

/** PDF point size for the renderer. */
export function pageSizePoints(id: PageSizeId): Readonly<PagePoints> {
  return PAGE_SIZE_POINTS[id];
}
