import type { AppDeps } from '../../app';
import type { Background } from '../../background';

export function recurringBackground(_deps: AppDeps): Background {
  return { definitions: [] };
}
