export { templatesAccess } from './access';
export { findTemplate as findCustomTemplate } from './repo';
export { type ResolvedTemplate, resolveTemplate } from './resolve-template';
