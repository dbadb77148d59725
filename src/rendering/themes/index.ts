import type { BuiltInTemplateId } from '../types';
import { bold } from './bold';
import { classic } from './classic';
import { compact } from './compact';
import { minimal } from './minimal';
import { modern } from './modern';
import { refined } from './refined';
import type { ThemeSpec } from './types';

/** One ThemeSpec per built-in template (templates.ts lists their names). */
export const THEMES: Readonly<Record<BuiltInTemplateId, ThemeSpec>> = {
  tpl_modern: modern,
  tpl_classic: classic,
  tpl_minimal: minimal,
  tpl_compact: compact,
  tpl_bold: bold,
  tpl_refined: refined,
};
