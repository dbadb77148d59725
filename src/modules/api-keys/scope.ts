/** The API keys an acting key may see and manage: every key, or those acting for these members
 * (computed by the workspaces module's keyScopeOf, from the acting member's role). */
export type KeyScope = { all: true } | { all: false; memberIds: string[] };
