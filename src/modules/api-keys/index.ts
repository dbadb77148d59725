export { presentIssuedKey } from './model';
export { authenticateApiKey } from './use-cases/authenticate-api-key';
export { type IssuedKey, issueApiKey } from './use-cases/issue-api-key';
