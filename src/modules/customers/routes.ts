import { Elysia } from 'elysia';
import type { authPlugin } from '../../http/auth';

// Placeholder until the customers module lands.
export function customerRoutes(auth: ReturnType<typeof authPlugin>) {
  return new Elysia({ prefix: '/api/v1/customers' }).use(auth);
}
