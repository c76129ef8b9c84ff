import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TopBar } from '../../../web/src/features/shell/TopBar.tsx';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp, stubResizeObserver } from './support/render-app.tsx';

const SITE = { name: 'Shieldline Security', phone: '(555) 010-2000', email: 'office@shieldline.test', serviceArea: 'the valley', copyrightYear: 2025 };

function serve(session: ReturnType<typeof aSession>, extra: Parameters<typeof fakeFetch>[0] = {}) {
  const fetch = vi.fn(fakeFetch({ '/api/site': () => ({ status: 200, body: SITE }), '/api/session': () => ({ status: 200, body: session }), ...extra }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const header = () => within(screen.getByRole('banner'));

describe('the top bar and the session', () => {
  beforeAll(stubResizeObserver);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("[R-NAV-8] signed out: 'Sign in' in the bar, 'Sign in with Google' in the mobile menu", async () => {
    const signedOut = aSession('signed-out');
    serve(signedOut);
    renderApp(() => <TopBar />, { session: signedOut });
    await screen.findByRole('banner');
    const signIn = await header().findByRole('button', { name: 'Sign in' });
    expect(signIn.className).toMatch(/md:inline-flex/);
    expect(header().queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(header().queryByRole('button', { name: /Account menu/ })).toBeNull();
    fireEvent.click(header().getByRole('button', { name: 'Open menu' }));
    const mobile = within(document.getElementById('mobile-menu')!);
    expect(mobile.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('[R-NAV-8] [R-NAV-9] signed in: no sign-in control, the avatar instead (initials without a photo)', async () => {
    const tom = aSession('other', { name: 'Tom Reed' });
    serve(tom);
    renderApp(() => <TopBar />, { session: tom });
    await screen.findByRole('banner');
    const avatar = await header().findByRole('button', { name: 'Account menu (Tom Reed), TR' });
    expect(avatar.textContent).toBe('TR');
    expect(header().queryByRole('button', { name: /^Sign in/ })).toBeNull();
    fireEvent.click(header().getByRole('button', { name: 'Open menu' }));
    expect(within(document.getElementById('mobile-menu')!).queryByRole('button', { name: /Sign in/ })).toBeNull();
  });

  it("[R-NAV-10] the avatar menu shows 'Signed in as' and the name; 'Sign out' ends the session and goes home", async () => {
    const maria = aSession('employee', { name: 'Maria Lopez', grants: ['viewJobs'] });
    let signedIn = true;
    const fetch = serve(maria, {
      '/api/session': () => ({ status: 200, body: signedIn ? maria : aSession('signed-out') }),
      '/api/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { router } = renderApp(() => <TopBar />, { session: maria, path: '/admin/jobs' });
    await screen.findByRole('banner');
    const trigger = await header().findByRole('button', { name: 'Account menu (Maria Lopez), ML' });
    act(() => {
      trigger.focus();
      fireEvent.keyDown(trigger, { key: 'Enter' });
    });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toMatch(/^Signed in as\s*Maria Lopez/);
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Sign out']);

    await act(async () => void fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' })));
    await header().findByRole('button', { name: 'Sign in' });
    const logout = fetch.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect(logout?.[1]?.method).toBe('POST');
    expect(new Headers(logout?.[1]?.headers).get('x-csrf-token')).toBe(maria.csrfToken);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('[R-NAV-9] a placeholder stands in for the avatar while the session loads', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => (String(input) === '/api/session' ? new Promise<Response>((r) => (answer = r)) : Promise.resolve(new Response(JSON.stringify(SITE))))));
    renderApp(() => <TopBar />);
    await screen.findByRole('banner');
    expect(document.querySelector('header .animate-pulse')).not.toBeNull();
    expect(header().queryByRole('button', { name: 'Sign in' })).toBeNull();
    await act(async () => answer(new Response(JSON.stringify(aSession('signed-out')))));
    await header().findByRole('button', { name: 'Sign in' });
  });
});
