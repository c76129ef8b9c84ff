import { useEffect, useReducer } from 'react';
import { useMatches } from '@tanstack/react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClientView } from '#contracts/clients.ts';
import { clientQuery } from '#lib/queries/clients.ts';
import type { FileRoutesById } from './routeTree.gen.ts';

/**
 * The browser tab's title, for every route, from this one table: "Clients – Shieldline
 * Security", the client's own name on their page, the business name alone on the home page.
 * The table is keyed by the generated route ids, so a new route without a title does not
 * typecheck. A title may read the route's params and search, and data already in the query
 * cache (never fetching: the screen does that, and the title follows when it arrives).
 */
type TitleInput = { params: Record<string, string>; search: Record<string, unknown>; cache: QueryClient };
type Title = string | null | ((m: TitleInput) => string | null | undefined);

export const PAGE_TITLES: Record<Exclude<keyof FileRoutesById, '__root__'>, Title> = {
  '/': null,
  '/services': 'Services',
  '/contact': 'Contact',
  '/reviews': 'Reviews',
  '/quote': 'Free quote',
  '/support': 'Support',
  '/i/$token': 'Invoice',
  '/p/$token': 'Proposal',
  '/employee-dashboard': 'My dashboard',
  '/vision-ai-analysis': 'Vision AI analysis',
  '/admin': 'Admin panel',
  '/admin/': 'Admin panel',
  '/admin/camera-planner': 'Camera planner',
  '/admin/clients': 'Clients',
  '/admin/clients/$clientId': ({ params, cache }) => cache.getQueryData<ClientView>(clientQuery(params['clientId'] ?? '').queryKey)?.name ?? 'Client',
  '/admin/employees': ({ search }) => (search['tab'] === 'hours' ? 'Time tracking' : 'Employees'),
  '/admin/files': 'Shared files',
  '/admin/inventory': 'Inventory',
  '/admin/invoices': 'Invoices',
  '/admin/jobs': 'Job tracker',
  '/admin/leads': 'Leads',
  '/admin/messages': 'Messages',
  '/admin/monitoring': 'Monitoring services',
  '/admin/payment-reminders': 'Payment reminders',
  '/admin/proposals': 'Proposals',
  '/admin/reviews': 'Reviews',
  '/admin/tax-reporting': 'Tax reporting',
  '/admin/outbox': 'Sent mail',
  '/admin/notifications': 'Notifications',
  '/portal': 'Your account',
};

export const NOT_FOUND_TITLE = 'Page not found';

/** "Clients – Shieldline Security"; the business name alone when the page has no title of its own. */
export const documentTitle = (page: string | null | undefined, business: string): string => (page ? `${page} – ${business}` : business);

/**
 * Keeps document.title in step with the route and the cache. Rendered once, in the root layout,
 * as its own component so cache events re-render nothing else.
 */
export function DocumentTitle(props: { business: string | undefined }) {
  const matches = useMatches();
  const cache = useQueryClient();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => cache.getQueryCache().subscribe((e) => e.type === 'updated' && refresh()), [cache]);
  const leaf = [...matches].reverse().find((m) => m.routeId in PAGE_TITLES);
  const notFound = matches.some((m) => m.status === 'notFound');
  const title = notFound || !leaf ? NOT_FOUND_TITLE : PAGE_TITLES[leaf.routeId as keyof typeof PAGE_TITLES];
  const page = typeof title === 'function' ? title({ params: leaf?.params as Record<string, string>, search: leaf?.search as Record<string, unknown>, cache }) : title;
  const business = props.business;
  useEffect(() => {
    // Until the site info arrives the served HTML's title stays (it already names the business).
    if (business !== undefined) document.title = documentTitle(page, business);
  }, [page, business]);
  return null;
}
