import { isBuiltInTemplate } from '../../rendering/templates';
import type { BuiltInTemplateId, TemplateConfig } from '../../rendering/types';
import { DomainError, notFound, validationError } from '../../shared/errors';

export interface ResolvedTemplate {
  /** The id the render records (a ctpl_ id for custom templates). */
  id: string;
  /** The built-in design the engine draws. */
  base: BuiltInTemplateId;
  config?: TemplateConfig;
  version: number | null;
}

/**
 * Turns a template id (and optional pinned version) into what the renderer needs. Built-ins have no
 * versions, so pinning one is a 422 at `versionLoc`; an unknown id is a 404.
 */
export function resolveTemplate(input: {
  id: string;
  version?: number;
  versionLoc: string;
}): ResolvedTemplate {
  if (isBuiltInTemplate(input.id)) {
    if (input.version !== undefined) {
      throw validationError([
        { loc: input.versionLoc, msg: `built-in template ${input.id} has no versions`, type: 'not_allowed' },
      ]);
    }
    return { id: input.id, base: input.id, version: null };
  }
  if (input.id.startsWith('ctpl_')) throw notFound('Template');
  throw new DomainError('not_found', `Template '${input.id}' not found`);
}

export const SERVICE_CREDIT = 'Created with invoice-service, self-hosted invoicing';
