import type { AppDeps } from '../../app';
import type { Background } from '../../background';

export function importBackground(_deps: AppDeps): Background {
  return { definitions: [] };
}
