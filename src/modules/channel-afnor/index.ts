// The French approved platform channel (XP Z12-013): its adapter, and its lifecycle status table for
// whoever shows XP Z12-012's words (the console's timeline reads them from each event's reason).
export { afnorPaAdapter, createAfnorAdapter } from './adapter';
export { LIFECYCLE_STATUSES, type LifecycleStatus, lifecycleStatus } from './statuses';
