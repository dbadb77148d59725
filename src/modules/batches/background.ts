import type { AppDeps } from '../../app';
import type { Background } from '../../background';

export function batchBackground(_deps: AppDeps): Background {
  return { definitions: [] };
}
