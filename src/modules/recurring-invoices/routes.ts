import { Elysia } from 'elysia';
import type { AppDeps } from '../../app';
import type { authPlugin } from '../../http/auth';

export function recurringInvoiceRoutes(auth: ReturnType<typeof authPlugin>, _deps: AppDeps) {
  return new Elysia().use(auth);
}
