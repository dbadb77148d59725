import type { AppDeps } from '../../app';
import type { Background } from '../../background';

export function deliveryBackground(_deps: AppDeps): Background {
  return { definitions: [] };
}
