import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { RequireAccess } from '../../../web/src/features/auth/components/RequireAccess.tsx';
import { AuthLifecycle } from '../../../web/src/features/auth/AuthLifecycle.tsx';
import { SESSION_KEY } from '../../../web/src/features/auth/session.ts';
import { dismissAuthError } from '../../../web/src/features/auth/auth-notices.ts';
import { aSession } from './support/session-factory.ts';
import { fakeFetch, renderApp } from './support/render-app.tsx';

/** An EventSource stand-in the test can push server events through. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  push(type: string) {
    this.dispatchEvent(new MessageEvent(type, { data: 'changed' }));
  }
}

const guarded = () => (
  <RequireAccess>
    <p>secret screen</p>
  </RequireAccess>
);

describe('route guards (R-AUTH-15)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('[R-AUTH-15] signed out, a back-office screen asks to sign in instead of showing', async () => {
    renderApp(guarded, { session: aSession('signed-out'), path: '/admin/clients' });
    await screen.findByRole('heading', { level: 1, name: 'Please sign in' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('secret screen')).toBeNull();
  });

  it("[R-AUTH-15] signed in without the permission: a clear 'No access' page with a way home", async () => {
    const maria = aSession('employee', { grants: ['viewClients', 'viewJobs'] });
    const missing: Record<string, RegExp> = {
      '/admin/invoices': /needs the “View invoices” permission\. An administrator can turn it on for you in Employee Database → Permissions\.$/,
      '/admin': /for administrators only/,
      '/admin/employees': /for administrators only/,
      '/vision-ai-analysis': /needs the “Use Vision AI analysis” permission/,
    };
    for (const [path, says] of Object.entries(missing)) {
      const { unmount } = renderApp(guarded, { session: maria, path });
      await screen.findByRole('heading', { level: 1, name: 'No access' });
      expect(screen.getByText(/You don't have access to this page/)).toBeTruthy();
      expect(screen.getByTestId('missing-access').textContent).toMatch(says);
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      expect(screen.queryByText('secret screen')).toBeNull();
      unmount();
    }
    for (const path of ['/admin/clients', '/admin/jobs', '/employee-dashboard']) {
      const { unmount } = renderApp(guarded, { session: maria, path });
      await screen.findByText('secret screen');
      unmount();
    }
  });

  it('[R-AUTH-15] an admin opens every back-office screen; other users none', async () => {
    const { unmount } = renderApp(guarded, { session: aSession('admin'), path: '/admin/tax-reporting' });
    await screen.findByText('secret screen');
    unmount();
    renderApp(guarded, { session: aSession('other'), path: '/employee-dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'No access' });
  });

  it('[R-AUTH-3] [R-AUTH-15] a session event after the employee was deactivated closes the open screen at once', async () => {
    const maria = aSession('employee', { name: 'Maria Lopez', grants: ['viewJobs'] });
    let current = maria;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: current }), '/api/auth/redirect-result': () => ({ status: 200, body: { result: 'none' } }) })));
    renderApp(
      () => (
        <>
          <AuthLifecycle />
          {guarded()}
        </>
      ),
      { session: maria, path: '/admin/jobs' },
    );
    await screen.findByText('secret screen');
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/session/events'));
    current = { ...aSession('other', { name: 'Maria Lopez' }), csrfToken: maria.csrfToken };
    act(() => FakeEventSource.last!.push('session'));
    await screen.findByRole('heading', { level: 1, name: 'No access' });
    expect(screen.queryByText('secret screen')).toBeNull();
  });
});

describe('where people land (R-RED) and the redirect result (R-AUTH-11)', () => {
  afterEach(() => {
    cleanup();
    dismissAuthError();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const serve = (redirectResult: unknown, session: ReturnType<typeof aSession>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ '/api/session': () => ({ status: 200, body: session }), '/api/auth/redirect-result': () => ({ status: 200, body: redirectResult }) })),
    );

  it('[R-RED-1] a signed-in admin arriving on / goes to /admin', async () => {
    const admin = aSession('admin');
    serve({ result: 'none' }, admin);
    const { router } = renderApp(() => <AuthLifecycle />, { session: admin, path: '/' });
    await screen.findByText('page /admin');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('[R-RED-2] a signed-in active employee on / goes to /employee-dashboard; other users stay', async () => {
    const maria = aSession('employee');
    serve({ result: 'none' }, maria);
    const { router, unmount } = renderApp(() => <AuthLifecycle />, { session: maria, path: '/' });
    await screen.findByText('page /employee-dashboard');
    expect(router.state.location.pathname).toBe('/employee-dashboard');
    unmount();

    const tom = aSession('other');
    serve({ result: 'none' }, tom);
    const second = renderApp(() => <AuthLifecycle />, { session: tom, path: '/' });
    await screen.findByText('page /');
    await new Promise((r) => setTimeout(r, 50));
    expect(second.router.state.location.pathname).toBe('/');
  });

  it('[R-RED-4] after a redirect sign-in an admin goes to /admin from wherever the sign-in started', async () => {
    const admin = aSession('admin');
    serve({ result: 'signed-in' }, admin);
    const { router } = renderApp(() => <AuthLifecycle />, { session: admin, path: '/services' });
    await screen.findByText('page /admin');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('[R-RED-4] after a redirect sign-in other users stay where they are', async () => {
    const tom = aSession('other');
    serve({ result: 'signed-in' }, tom);
    const fetch = globalThis.fetch as ReturnType<typeof vi.fn>;
    const { router } = renderApp(() => <AuthLifecycle />, { session: tom, path: '/services' });
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u) === '/api/session')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/services');
  });

  it('[R-AUTH-11] a redirect sign-in error is logged and shown in an alert at start', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ result: 'error', error: 'The identity service timed out after 60 s' }, aSession('signed-out'));
    const { queryClient } = renderApp(() => <AuthLifecycle />, { session: aSession('signed-out'), path: '/' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The identity service timed out after 60 s/);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/Sign-in \(redirect\) failed/), 'The identity service timed out after 60 s');
    expect(queryClient.getQueryData(SESSION_KEY)).toMatchObject({ state: 'signed-out' });
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
