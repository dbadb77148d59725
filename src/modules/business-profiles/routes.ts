import { Elysia } from 'elysia';
import type { authPlugin } from '../../http/auth';

// Placeholder until the business-profiles module lands.
export function businessProfileRoutes(auth: ReturnType<typeof authPlugin>) {
  return new Elysia({ prefix: '/api/v1/business-profiles' }).use(auth);
}
