/** Who is signed in, as the console reads it from GET /auth/me (its own file: the shell and the pages share it). */
export interface Account {
  id: string;
  name: string;
  plan_id: string;
  plan_name: string;
}

/** GET /auth/me: the account, and the signed-in user and member (null for an API key / account level). */
export interface Me {
  account: Account;
  user: { id: string; email: string; name: string } | null;
  member: { id: string; workspace_id: string; role: string } | null;
}
