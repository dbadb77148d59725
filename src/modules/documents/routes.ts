import { Elysia } from 'elysia';
import type { authPlugin } from '../../http/auth';

// Placeholder until the documents module lands.
export function documentRoutes(auth: ReturnType<typeof authPlugin>) {
  return new Elysia({ prefix: '/api/v1/documents' }).use(auth);
}
