// How the console is signed in. With email and password, the service's HttpOnly cookie is the credential
// (no script can read it); the console keeps only a marker that it signed in that way, so a fresh load
// knows to ask /auth/me instead of showing the sign-in form. With an API key (operators), the key lives in
// sessionStorage (gone when the tab closes), or in localStorage only when the user chose "Remember on this
// device". Nothing else of the user's is stored.
const KEY_NAME = 'invoice-console.key';
const SIGNED_IN = 'invoice-console.signed-in';

export function currentKey(): string | null {
  return sessionStorage.getItem(KEY_NAME) ?? localStorage.getItem(KEY_NAME);
}

export function keepKey(key: string, remember: boolean): void {
  forgetKey();
  (remember ? localStorage : sessionStorage).setItem(KEY_NAME, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY_NAME);
  localStorage.removeItem(KEY_NAME);
}

/** Whether the console signed in with a password (the cookie may still have expired meanwhile). */
export function signedInWithPassword(): boolean {
  return localStorage.getItem(SIGNED_IN) === 'password';
}

export function markSignedInWithPassword(): void {
  forgetKey();
  localStorage.setItem(SIGNED_IN, 'password');
}

export function forgetSignedIn(): void {
  localStorage.removeItem(SIGNED_IN);
}
