/** Who is signed in, as the console reads it from GET /auth/me (its own file: the shell and the pages share it). */
export type { Account, Me } from './api-types';
