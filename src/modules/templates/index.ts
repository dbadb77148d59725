export { templatesAccess } from './access';
export { findTemplate as findCustomTemplate } from './repo';
export { type ResolvedTemplate, resolveTemplate } from './use-cases/resolve-template';
