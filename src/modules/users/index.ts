export { usersAccess } from './access';
export { emailInvitation, invitationLanguage } from './invitation-email';
export { issueLink, linkUrl } from './links';
export { hashPassword, passwordProblem } from './password';
export {
  findUser,
  findUserByEmail,
  hasJoined,
  joinAccount,
  leaveAccountRow,
  switchSessionAccount,
} from './repo';
export { createUser } from './use-cases/create-user';
export { createOwnerSetupLink } from './use-cases/owner-setup-link';
export { memberInAccount, officeRunners, type Reach, reachableAccounts } from './use-cases/reach';
export { sessionOf } from './use-cases/session-of';
export { setPasswordByEmail } from './use-cases/set-password';
