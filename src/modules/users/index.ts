export { usersAccess } from './access';
export { linkUrl } from './links';
export { hashPassword, passwordProblem } from './password';
export { createUser } from './use-cases/create-user';
export { createOwnerSetupLink } from './use-cases/owner-setup-link';
export { sessionOf } from './use-cases/session-of';
export { setPasswordByEmail } from './use-cases/set-password';
