import { Elysia } from 'elysia';
import type { authPlugin } from '../../http/auth';

// Placeholder until the numbering-sequences module lands.
export function numberingSequenceRoutes(auth: ReturnType<typeof authPlugin>) {
  return new Elysia({ prefix: '/api/v1/numbering-sequences' }).use(auth);
}
