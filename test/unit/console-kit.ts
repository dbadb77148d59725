// The console outside a browser, for its unit tests: its German (chooseLanguage keeps the choice in
// localStorage and sets <html lang>, so both get stand-ins for the tests of the enclosing describe or file,
// and English and the real globals come back after them), and an error as its api.ts throws it.
import { afterAll, beforeAll } from 'bun:test';
import { chooseLanguage } from '../../src/console/i18n';
import type { ApiErrorLike } from '../../src/console/ui/messages';

/** An error as the console's api.ts throws it (its ApiError needs the browser's types). */
export class ApiError extends Error implements ApiErrorLike {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { loc: string; msg: string; type?: string }[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function inGerman(): void {
  const saved = { localStorage: globalThis.localStorage, document: globalThis.document };
  beforeAll(() => {
    Object.assign(globalThis, {
      localStorage: { setItem: () => undefined, getItem: () => null },
      document: { documentElement: {} },
    });
    chooseLanguage('de');
  });
  afterAll(() => {
    chooseLanguage('en');
    Object.assign(globalThis, saved);
  });
}
