// A ThemeSpec is data: colours, a type scale, spacing, block order and layout variants. The engine and the
// blocks are shared; a theme only chooses among what they offer. A custom template is a TemplateConfig over
// one of these (colours, header and footer text), resolved in resolve.ts.

import type { FontKey } from '../engine/fonts';
import type { Box } from '../engine/layout';
import type { BuiltInTemplateId } from '../types';

/**
 * Colour roles. `primary` and `accent` follow the branding; the rest are the theme's neutrals. Derived
 * roles: `primaryTint`/`accentTint` (light fills mixed with white, never transparency), `onPrimary`/
 * `onAccent` (white or ink, whichever reads on that fill), `primaryInk`/`accentInk` (the brand colour
 * darkened until it reads as large text on white, 3:1), `primaryText`/`accentText` (darkened to 4.5:1, for
 * small text). A theme names `primaryInk`/`accentInk`; a style below large text (WCAG: under 18 pt, or
 * under 14 pt bold) is drawn in `primaryText`/`accentText` instead (resolve.ts).
 */
export type ColorRole =
  | 'primary'
  | 'accent'
  | 'ink'
  | 'muted'
  | 'rule'
  | 'panel'
  | 'paper'
  | 'primaryTint'
  | 'accentTint'
  | 'onPrimary'
  | 'onAccent'
  | 'primaryInk'
  | 'accentInk'
  | 'primaryText'
  | 'accentText';

export interface TextSpec {
  font: FontKey;
  size: number;
  color: ColorRole;
  tracking?: number;
  upper?: boolean;
  leading?: number;
}

/** Every text style a block asks for. */
export type StyleName =
  | 'title'
  | 'subtitle'
  | 'sellerName'
  | 'heading'
  | 'body'
  | 'bodyStrong'
  | 'small'
  | 'metaLabel'
  | 'metaValue'
  | 'tableHead'
  | 'cell'
  | 'cellStrong'
  | 'cellNote'
  | 'totalLabel'
  | 'totalValue'
  | 'grandLabel'
  | 'grandValue'
  | 'footer';

export type BlockId =
  | 'header'
  | 'meta'
  | 'parties'
  | 'line-items'
  | 'totals'
  | 'payment'
  | 'custom-fields'
  | 'notes';

export interface RuleSpec {
  color: ColorRole;
  width: number;
}

export interface ThemeSpec {
  id: BuiltInTemplateId;
  /** Default colours; the branding's primary/accent replace the first two. */
  colors: { primary: string; accent: string; ink: string; muted: string; rule: string; panel: string };
  margins: Box;
  /** Vertical space between blocks. */
  gap: number;
  styles: Record<StyleName, TextSpec>;
  header: {
    /** split: logo and seller left, title right. band: a full-width colour band. centered: letterhead.
     *  stacked: title first, seller and logo to the right. */
    layout: 'split' | 'band' | 'centered' | 'stacked';
    logo: { width: number; height: number };
    /** A full-bleed strip across the top edge of every page. */
    topBar: { height: number; color: ColorRole } | null;
    /** A rule under the header. */
    rule: RuleSpec | null;
  };
  /** strip: labelled cells across the page. aside: a column beside the parties. list: under the title. */
  meta: { layout: 'strip' | 'aside' | 'list'; fill: ColorRole | null; showHighlight: boolean };
  /** fields: `beside` lets a few custom fields stand right of a single recipient (blocks/fields.ts): alone
   *  where the theme has no meta list or amount due there, under it where that saves a page; `after`
   *  keeps them in the `custom-fields` block after the payment. */
  parties: { accentBar: ColorRole | null; fields: 'beside' | 'after' };
  table: {
    style: 'zebra' | 'ruled' | 'boxed' | 'plain';
    headFill: ColorRole | null;
    headRule: RuleSpec | null;
    padX: number;
    padY: number;
    positions: boolean;
  };
  totals: {
    style: 'bar' | 'boxed' | 'plain' | 'double-rule';
    /** Share of the content width. */
    width: number;
    /** Fill behind the grand total row (bar and boxed). */
    grandFill: ColorRole | null;
  };
  /** When the tax summary (beside the totals) is printed: always, with two or more tax groups, never. */
  taxSummary: 'always' | 'multiple' | 'never';
  /** Section headings (Payment, Notes): a rule under them or not. */
  sectionRule: RuleSpec | null;
  footer: { align: 'center' | 'split'; rule: RuleSpec | null };
  order: BlockId[];
}
