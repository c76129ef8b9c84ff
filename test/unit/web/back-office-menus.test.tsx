import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StaffMenu } from '../../../web/src/features/auth/components/StaffMenu.tsx';
import { MobileStaffMenu } from '../../../web/src/features/auth/components/MobileStaffMenu.tsx';
import { authStateOf } from '../../../web/src/features/auth/session.ts';
import { aSession } from './support/session-factory.ts';
import { renderApp, stubResizeObserver } from './support/render-app.tsx';
import { FULL_ADMIN_MENU } from '../../support/back-office-menu.ts';

const MARIA = aSession('employee', { name: 'Maria Lopez', grants: ['viewClients', 'viewJobs', 'editJobs', 'viewInventory'] });
const ADMIN = aSession('admin', { name: 'Frank Miller' });

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent?.trim());

async function openDesktopMenu(name: string) {
  const trigger = await screen.findByRole('button', { name });
  expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  // Keyboard: ArrowDown opens the menu and focuses its first entry.
  act(() => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
  });
  const menu = await screen.findByRole('menu');
  expect(trigger.getAttribute('aria-expanded')).toBe('true');
  return menu;
}

describe('back-office menus', () => {
  beforeAll(stubResizeObserver);
  afterEach(cleanup);

  it('[R-NAV-11] the admin menu: Admin Panel, then the three groups with their entries, keyboard-operable', async () => {
    renderApp(() => <StaffMenu state={authStateOf(ADMIN)} />, { session: ADMIN });
    const menu = await openDesktopMenu('Admin menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(texts(items)).toEqual(FULL_ADMIN_MENU);
    const groups = within(menu).getAllByRole('group');
    const groupLabels = groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(groupLabels).toEqual(['Client Management', 'Employee Management', 'Product Management']);
    expect(texts(within(groups[1]!).getAllByRole('menuitem'))).toEqual(['Employee Database', 'Time Tracking']);
    expect(document.activeElement?.textContent).toBe('Admin Panel');
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Client Database'));
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('[R-NAV-11] menu entries are links to their screens; Time Tracking opens the hours tab', async () => {
    const { router } = renderApp(() => <StaffMenu state={authStateOf(ADMIN)} />, { session: ADMIN });
    const menu = await openDesktopMenu('Admin menu');
    const timeTracking = within(menu).getByRole('menuitem', { name: 'Time Tracking' });
    expect(timeTracking.getAttribute('href')).toBe('/admin/employees?tab=hours');
    expect(within(menu).getByRole('menuitem', { name: 'Camera Planner' }).getAttribute('href')).toBe('/admin/camera-planner');
    await act(async () => void fireEvent.click(timeTracking));
    await screen.findByText('page /admin/employees');
    expect(router.state.location.pathname).toBe('/admin/employees');
    expect(router.state.location.search).toEqual({ tab: 'hours' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('[R-NAV-12] the mobile admin menu leaves out Tax Reporting, Payment Reminders, Inventory Manager, Proposals, Camera Planner', async () => {
    renderApp(() => <MobileStaffMenu state={authStateOf(ADMIN)} />, { session: ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'Admin menu' });
    expect(texts(within(nav).getAllByRole('link'))).toEqual([
      'Admin Panel',
      'Client Database',
      'Invoice Manager',
      'Job Tracker',
      'Monitoring Services',
      'Employee Database',
      'Time Tracking',
    ]);
    for (const omitted of ['Tax Reporting', 'Payment Reminders', 'Inventory Manager', 'Proposals', 'Camera Planner']) {
      expect(within(nav).queryByText(omitted)).toBeNull();
    }
    // Product Management is left with nothing on mobile, so its heading goes too.
    expect(within(nav).queryByText('Product Management')).toBeNull();
    expect(within(nav).getByRole('list', { name: 'Client Management' })).toBeTruthy();
  });

  it("[R-NAV-13] an employee's menu: 'My Dashboard' → /employee-dashboard, then only what her permissions allow", async () => {
    const { router } = renderApp(() => <StaffMenu state={authStateOf(MARIA)} />, { session: MARIA });
    expect(screen.queryByRole('button', { name: 'Admin menu' })).toBeNull();
    const menu = await openDesktopMenu('Staff menu');
    expect(texts(within(menu).getAllByRole('menuitem'))).toEqual(['My Dashboard', 'Client Database', 'Job Tracker', 'Monitoring Services', 'Inventory Manager']);
    const dashboard = within(menu).getByRole('menuitem', { name: 'My Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/employee-dashboard');
    await act(async () => void fireEvent.click(dashboard));
    await screen.findByText('page /employee-dashboard');
    expect(router.state.location.pathname).toBe('/employee-dashboard');
  });

  it('[R-NAV-13] on mobile the employee menu has My Dashboard and her mobile entries', async () => {
    renderApp(() => <MobileStaffMenu state={authStateOf(MARIA)} />, { session: MARIA });
    const nav = await screen.findByRole('navigation', { name: 'Staff menu' });
    expect(texts(within(nav).getAllByRole('link'))).toEqual(['My Dashboard', 'Client Database', 'Job Tracker', 'Monitoring Services']);
  });

  it('[R-AUTH-7] users who are not staff get no back-office menu at all', async () => {
    for (const session of [aSession('other'), aSession('signed-out')]) {
      const state = authStateOf(session);
      const { unmount } = renderApp(
        () => (
          <>
            <StaffMenu state={state} />
            <MobileStaffMenu state={state} />
            <p>shell</p>
          </>
        ),
        { session },
      );
      await screen.findByText('shell');
      expect(screen.queryAllByRole('navigation')).toHaveLength(0);
      expect(screen.queryAllByRole('button')).toHaveLength(0);
      unmount();
    }
  });
});
