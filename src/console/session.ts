// Where the API key lives: sessionStorage (gone when the tab closes), or localStorage only when the user
// chose "Remember on this device". Nothing else of the user's is stored.
const KEY_NAME = 'invoice-console.key';

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
