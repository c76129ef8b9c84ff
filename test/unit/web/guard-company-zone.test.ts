import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ensureStaffSession } from '../../../web/src/features/shell/staff-guard.ts';
import { formatDateTime } from '../../../web/src/ui/dates.ts';
import { aSession } from './support/session-factory.ts';
import { fakeFetch } from './support/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const SITE = { name: 'Shieldline Security', phone: '(555) 010-4477', email: 'office@shieldline.example', copyrightYear: 2025, serviceArea: 'Springfield', address: '1450 Commerce Drive', money: { currency: 'USD', locale: 'en-US' }, timeZone: 'America/Chicago' };

/**
 * A back-office screen opened by its address on a phone whose clock is on another zone: the guard
 * has the company's time zone before the screen's first paint, so "When" reads the company's clock
 * at once (Sent mail once showed 4:20 AM on a phone and 10:20 PM on a laptop for the same mail).
 */
describe('the back-office guard', () => {
  it("knows the company's time zone before the screen renders", async () => {
    const site = vi.fn(() => ({ status: 200, body: SITE }));
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: aSession('admin') }), '/api/site': site })));
    const sentAt = '2026-11-27T04:20:00.000Z';
    await ensureStaffSession({ context: { queryClient: new QueryClient() }, location: { pathname: '/admin/outbox' } });
    expect(site).toHaveBeenCalledTimes(1);
    expect(formatDateTime(sentAt)).toBe('Nov 26, 2026, 10:20 PM');
  });
});
