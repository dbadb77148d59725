export { apiKeysAccess } from './access';
export { presentIssuedKey } from './model';
export { isActiveKey, revokeKeysOfMembers } from './repo';
export { type ApiKeyRow, apiKeys } from './schema';
export type { KeyScope } from './scope';
export { authenticateApiKey } from './use-cases/authenticate-api-key';
export { type IssuedKey, issueApiKey } from './use-cases/issue-api-key';
