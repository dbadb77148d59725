import type { BuiltInTemplateId } from './types';

/** The six built-in templates (SPEC 2); each is a ThemeSpec over the one engine. */
export const BUILT_IN_TEMPLATES: readonly { id: BuiltInTemplateId; name: string }[] = [
  { id: 'tpl_modern', name: 'Modern' },
  { id: 'tpl_classic', name: 'Classic' },
  { id: 'tpl_minimal', name: 'Minimal' },
  { id: 'tpl_compact', name: 'Compact' },
  { id: 'tpl_bold', name: 'Bold' },
  { id: 'tpl_refined', name: 'Refined' },
];

export function isBuiltInTemplate(id: string): id is BuiltInTemplateId {
  return BUILT_IN_TEMPLATES.some((t) => t.id === id);
}
