// Every write route's access rule, as each module states it next to its routes (<module>/access.ts, named
// by its module.ts). buildApp refuses to start when a write route has no rule or a rule names no route
// (fail-closed).
import type { AccessRules } from './http/access';
import { MODULES } from './modules';

export const ACCESS_RULES: AccessRules = Object.assign({}, ...MODULES.map((m) => m.access ?? {}));
