import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  ADMIN_MENU_GROUPS,
  BACK_OFFICE_ROUTES,
  accessForPath,
  hasAccess,
  menuFor,
  menuHref,
  shortcutsFor,
  type MenuItem,
  type Viewport,
} from '../../../src/domain/auth/menu.ts';
import { PERMISSIONS, resolveAuthState, type AuthState, type Permission } from '../../../src/domain/auth/permissions.ts';
import { aUser, adminIds, anEmployee } from './factories.ts';

/** The menu as labels: links as strings, groups as [label, entries]. */
const outline = (items: MenuItem[]) =>
  items.map((i) => (i.kind === 'link' ? i.entry.label : [i.group.label, i.group.entries.map((e) => e.label)]));

const hrefs = (items: MenuItem[]) =>
  items.flatMap((i) => (i.kind === 'link' ? [i.entry] : i.group.entries)).map((e) => [e.label, menuHref(e)]);

function anAdmin(): AuthState {
  const ids = adminIds();
  return resolveAuthState(aUser({ id: ids[0] }), ids, null);
}

function anEmployeeWith(...granted: Permission[]): AuthState {
  const user = aUser();
  const permissions = Object.fromEntries(granted.map((p) => [p, true]));
  return resolveAuthState(user, adminIds(), anEmployee(user.email ?? '', { permissions }));
}

const FULL_DESKTOP = [
  'Admin Panel',
  ['Client Management', ['Client Database', 'Invoice Manager', 'Tax Reporting', 'Payment Reminders', 'Job Tracker', 'Monitoring Services']],
  ['Employee Management', ['Employee Database', 'Time Tracking']],
  ['Product Management', ['Inventory Manager', 'Proposals', 'Camera Planner']],
];

describe('menuFor', () => {
  it('[R-NAV-11] the admin menu has the Admin Panel and the three groups, in order', () => {
    expect(outline(menuFor(anAdmin(), 'desktop'))).toEqual(FULL_DESKTOP);
  });

  it('[R-NAV-11] each admin menu entry links to its R-NAV-2 route', () => {
    expect(hrefs(menuFor(anAdmin(), 'desktop'))).toEqual([
      ['Admin Panel', '/admin'],
      ['Client Database', '/admin/clients'],
      ['Invoice Manager', '/admin/invoices'],
      ['Tax Reporting', '/admin/tax-reporting'],
      ['Payment Reminders', '/admin/payment-reminders'],
      ['Job Tracker', '/admin/jobs'],
      ['Monitoring Services', '/admin/monitoring'],
      ['Employee Database', '/admin/employees'],
      ['Time Tracking', '/admin/employees?tab=hours'],
      ['Inventory Manager', '/admin/inventory'],
      ['Proposals', '/admin/proposals'],
      ['Camera Planner', '/admin/camera-planner'],
    ]);
  });

  it('[R-NAV-12] the mobile admin menu omits Tax Reporting, Payment Reminders, Inventory Manager, Proposals, Camera Planner', () => {
    expect(outline(menuFor(anAdmin(), 'mobile'))).toEqual([
      'Admin Panel',
      ['Client Management', ['Client Database', 'Invoice Manager', 'Job Tracker', 'Monitoring Services']],
      ['Employee Management', ['Employee Database', 'Time Tracking']],
    ]);
  });

  it("[R-NAV-13] an active employee gets 'My Dashboard' linking to /employee-dashboard; admins and others do not", () => {
    for (const viewport of ['desktop', 'mobile'] as Viewport[]) {
      expect(hrefs(menuFor(anEmployeeWith(), viewport))).toEqual([['My Dashboard', '/employee-dashboard']]);
      expect(hrefs(menuFor(anAdmin(), viewport)).map(([label]) => label)).not.toContain('My Dashboard');
    }
  });

  it('[R-AUTH-6] an employee sees the entries their permissions allow, and never the admin-only ones', () => {
    const cases: { granted: Permission[]; viewport: Viewport; entries: string[] }[] = [
      { granted: ['viewClients'], viewport: 'desktop', entries: ['Client Database', 'Monitoring Services'] },
      { granted: ['viewInvoices'], viewport: 'desktop', entries: ['Invoice Manager', 'Tax Reporting', 'Payment Reminders'] },
      { granted: ['viewInvoices'], viewport: 'mobile', entries: ['Invoice Manager'] },
      { granted: ['viewJobs', 'editJobs'], viewport: 'desktop', entries: ['Job Tracker'] },
      { granted: ['viewInventory'], viewport: 'desktop', entries: ['Inventory Manager'] },
      { granted: ['viewInventory'], viewport: 'mobile', entries: [] },
      { granted: ['viewProposals'], viewport: 'desktop', entries: ['Proposals', 'Camera Planner'] },
      // Edit without view shows nothing: menus follow view permissions.
      { granted: ['editClients'], viewport: 'desktop', entries: [] },
    ];
    for (const c of cases) {
      const items = menuFor(anEmployeeWith(...c.granted), c.viewport);
      const labels = hrefs(items).map(([label]) => label);
      expect(labels, `${c.granted.join('+')} ${c.viewport}`).toEqual(['My Dashboard', ...c.entries]);
      // Groups that would be empty are dropped.
      for (const i of items) if (i.kind === 'group') expect(i.group.entries.length).toBeGreaterThan(0);
    }
    const everything = anEmployeeWith(...PERMISSIONS);
    const labels = hrefs(menuFor(everything, 'desktop')).map(([label]) => label);
    for (const adminOnly of ['Admin Panel', 'Employee Database', 'Time Tracking']) expect(labels).not.toContain(adminOnly);
  });

  it('[R-AUTH-7] signed-out users, other users and inactive employees get no back-office menu', () => {
    const user = aUser();
    const ids = adminIds();
    const states = [
      resolveAuthState(null, ids, null),
      resolveAuthState(user, ids, null),
      resolveAuthState(user, ids, anEmployee(user.email ?? '', { employmentStatus: 'inactive', permissions: { viewClients: true } })),
    ];
    for (const s of states) for (const v of ['desktop', 'mobile'] as Viewport[]) expect(menuFor(s, v), s.kind).toEqual([]);
  });
});

describe('accessForPath', () => {
  const R_NAV_2 = [
    '/admin',
    '/admin/clients',
    '/admin/invoices',
    '/admin/tax-reporting',
    '/admin/payment-reminders',
    '/admin/jobs',
    '/admin/monitoring',
    '/admin/proposals',
    '/admin/inventory',
    '/admin/employees',
    '/admin/camera-planner',
    '/employee-dashboard',
    '/vision-ai-analysis',
  ];
  /** Back-office screens beyond the spec's list, reached from the dashboards' shortcuts. */
  const EXTRA_SCREENS = ['/admin/leads', '/admin/messages', '/admin/reviews', '/admin/files', '/admin/outbox', '/admin/notifications'];

  it('[R-AUTH-15] every back-office route declares what it needs, and the menu agrees with it', () => {
    expect(BACK_OFFICE_ROUTES.map((r) => r.path).sort()).toEqual([...R_NAV_2, ...EXTRA_SCREENS].sort());
    for (const group of ADMIN_MENU_GROUPS) for (const e of group.entries) expect(accessForPath(e.path), e.label).toEqual(e.access);
  });

  it('[R-AUTH-15] every screen the SPA has is either public or guarded (read from the generated route tree)', () => {
    // /portal: the client hub's sign-in page when signed out; its data is the server's (CUSTOMER, docs/portal.md).
    const PUBLIC = ['/', '/services', '/support', '/contact', '/reviews', '/quote', '/p/$token', '/i/$token', '/portal'];
    const screens = [...new Set([...readFileSync('web/src/routeTree.gen.ts', 'utf8').matchAll(/fullPath: '([^']*)'/g)].map((m) => m[1]!))];
    expect(screens.length).toBeGreaterThan(PUBLIC.length);
    const unguarded = screens.filter((path) => !PUBLIC.includes(path) && accessForPath(path.replace(/\$\w+/g, 'x')) === null);
    expect(unguarded).toEqual([]);
    for (const path of PUBLIC) expect(screens, path).toContain(path);
  });

  it('[R-AUTH-15] route access by state: default deny for unknown back-office paths, public paths need nothing', () => {
    const admin = anAdmin();
    const clientsViewer = anEmployeeWith('viewClients');
    const visionUser = anEmployeeWith('useVisionAi');
    const other = resolveAuthState(aUser(), adminIds(), null);
    const cases: { path: string; allowed: AuthState[]; denied: AuthState[] }[] = [
      { path: '/admin', allowed: [admin], denied: [clientsViewer, other] },
      { path: '/admin/clients', allowed: [admin, clientsViewer], denied: [visionUser, other] },
      { path: '/admin/clients/42/', allowed: [admin, clientsViewer], denied: [other] },
      { path: '/admin/employees', allowed: [admin], denied: [clientsViewer] },
      { path: '/admin/not-a-screen', allowed: [admin], denied: [clientsViewer, visionUser] },
      { path: '/employee-dashboard', allowed: [admin, clientsViewer, visionUser], denied: [other] },
      { path: '/vision-ai-analysis', allowed: [admin, visionUser], denied: [clientsViewer, other] },
      { path: '/admin/leads', allowed: [admin, clientsViewer], denied: [visionUser, other] },
      { path: '/admin/messages', allowed: [admin, clientsViewer], denied: [visionUser, other] },
      { path: '/admin/reviews', allowed: [admin], denied: [clientsViewer, other] },
      { path: '/admin/files', allowed: [admin, clientsViewer, visionUser], denied: [other] },
      { path: '/admin/outbox', allowed: [admin], denied: [clientsViewer, visionUser, other] },
    ];
    for (const c of cases) {
      const access = accessForPath(c.path);
      expect(access, c.path).not.toBeNull();
      if (access === null) continue;
      for (const s of c.allowed) expect(hasAccess(s, access), `${c.path} ${s.kind}`).toBe(true);
      for (const s of c.denied) expect(hasAccess(s, access), `${c.path} ${s.kind}`).toBe(false);
    }
    for (const path of ['/', '/services', '/quote', '/administrator', '/employee-dashboards']) expect(accessForPath(path), path).toBeNull();
  });
});

describe('shortcutsFor', () => {
  const labels = (s: AuthState) => shortcutsFor(s).map((e) => e.label);

  it('offers the screens the menu does not list, each only to whoever may open it', () => {
    expect(labels(anAdmin())).toEqual(['Quote requests', 'Contact messages', 'Vision AI analysis', 'Review moderation', 'Shared files', 'Sent mail']);
    expect(labels(anEmployeeWith('viewClients'))).toEqual(['Quote requests', 'Contact messages', 'Shared files']);
    expect(labels(anEmployeeWith('useVisionAi'))).toEqual(['Vision AI analysis', 'Shared files']);
    expect(labels(anEmployeeWith('viewJobs'))).toEqual(['Shared files']);
    expect(labels(resolveAuthState(aUser(), adminIds(), null))).toEqual([]);
    expect(labels({ kind: 'signed-out' })).toEqual([]);
  });

  it('[R-AUTH-15] every shortcut leads to a screen its viewer is allowed to open', () => {
    for (const s of [anAdmin(), anEmployeeWith('viewClients'), anEmployeeWith('useVisionAi')]) {
      for (const e of shortcutsFor(s)) expect(hasAccess(s, accessForPath(e.path)!), `${e.path} ${s.kind}`).toBe(true);
    }
  });
});
