// Who may make each write of this module's routes (http/access.ts); reads are open to every key of the account.
import { type AccessRules, access } from '../../http/access';
import { findTemplate as findCustomTemplate } from './repo';

export const templatesAccess: AccessRules = {
  'POST /api/v1/templates/:template_id/preview': access.self,
  'POST /api/v1/templates/custom': access.write,
  'POST /api/v1/templates/custom/:template_id/duplicate': access.write,
  'PATCH /api/v1/templates/custom/:template_id': access.own(
    'custom_template',
    'template_id',
    findCustomTemplate,
  ),
  'POST /api/v1/templates/custom/:template_id/publish': access.own(
    'custom_template',
    'template_id',
    findCustomTemplate,
  ),
  'DELETE /api/v1/templates/custom/:template_id': access.own(
    'custom_template',
    'template_id',
    findCustomTemplate,
  ),
  'POST /api/v1/templates/:template_id/versions': access.own(
    'custom_template',
    'template_id',
    findCustomTemplate,
  ),
  'POST /api/v1/templates/:template_id/versions/:version/restore': access.own(
    'custom_template',
    'template_id',
    findCustomTemplate,
  ),
};
