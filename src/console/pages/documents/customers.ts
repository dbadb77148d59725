import { list } from '../../api';
import type { CustomerSummary } from '../../api-types';
import { useLoad } from '../../ui/hooks';

/** The account's customers (up to 1,000, page by page), for choosers and for naming the buyer in lists. */
export function useCustomers() {
  return useLoad(async () => {
    const all: CustomerSummary[] = [];
    let cursor: string | undefined;
    do {
      const page = await list<CustomerSummary>('/customers', { limit: 100, cursor });
      all.push(...page.data);
      cursor = page.pagination.next_cursor ?? undefined;
    } while (cursor && all.length < 1000);
    return all.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  }, []);
}
