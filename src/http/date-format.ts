// The `date` format every schema names (payments' dates, the lists' and reports' date filters, export
// periods): a day of the calendar in YYYY-MM-DD. Elysia's own check takes `2026-02-30` (Date rolls it over
// to 2 March), `2026-1-01` and year 0000, so each route checked its dates again; now the schema does, once,
// and a refusal reads as before (validation.ts: `must be a date of the calendar (YYYY-MM-DD)`).
import { FormatRegistry } from '@sinclair/typebox';
import 'elysia'; // registers its formats first: the one below replaces its `date`
import { isCalendarDate } from '../shared/dates';

FormatRegistry.Set('date', isCalendarDate);
