/**
 * The back-office menu and what each back-office route needs (SPEC §2; R-NAV-2, R-NAV-11..13,
 * R-AUTH-15). One table drives both: the menu shows an entry when its requirement is met, and
 * the route guards (server and SPA) check the same requirement, so a menu never offers a screen
 * the guard refuses.
 *
 * Requirements: admin-only screens (the admin panel, the employee database and its hours tab),
 * screens for any staff member (the employee's own dashboard), and screens gated by one
 * permission (admins hold every permission, R-AUTH-5; employees what their record grants).
 */
import { can, normaliseEmail, type AuthState, type Permission } from './permissions.ts';

export type Access =
  | { kind: 'admin' }
  | { kind: 'staff' }
  | { kind: 'permission'; permission: Permission }
  /**
   * A customer (docs/portal.md): anyone signed in with a verified e-mail. Which clients they may
   * see is data, not a role: the portal's use cases match the e-mail against the clients' contacts.
   */
  | { kind: 'customer' };

export const ADMIN: Access = { kind: 'admin' };
export const STAFF: Access = { kind: 'staff' };
export const CUSTOMER: Access = { kind: 'customer' };
export const needs = (permission: Permission): Access => ({ kind: 'permission', permission });
/** A bare permission stands for "needs that permission". */
export const asAccess = (need: Access | Permission): Access => (typeof need === 'string' ? needs(need) : need);

export function hasAccess(state: AuthState, access: Access): boolean {
  switch (access.kind) {
    case 'admin':
      return state.kind === 'admin';
    case 'staff':
      return state.kind === 'admin' || state.kind === 'employee';
    case 'permission':
      return can(state, access.permission);
    case 'customer':
      return verifiedEmailOf(state) !== null;
  }
}

/** The e-mail a signed-in person has proved (identity provider's email_verified, or an e-mailed link), normalised; else null. */
export function verifiedEmailOf(state: AuthState): string | null {
  if (state.kind === 'signed-out' || !state.user.emailVerified || state.user.email == null) return null;
  const email = normaliseEmail(state.user.email);
  return email === '' ? null : email;
}

export interface MenuEntry {
  id: string;
  label: string;
  /** Route path, without search. */
  path: string;
  /** Search parameters the link carries (Time Tracking is the employee database's hours tab). */
  search: Readonly<Record<string, string>>;
  access: Access;
  /** R-NAV-12: false for the entries the mobile admin menu omits. */
  onMobile: boolean;
}

export interface MenuGroup {
  id: string;
  label: string;
  entries: readonly MenuEntry[];
}

export type MenuItem = { kind: 'link'; entry: MenuEntry } | { kind: 'group'; group: MenuGroup };
export type Viewport = 'desktop' | 'mobile';

const entry = (
  id: string,
  label: string,
  path: string,
  access: Access,
  options: { onMobile?: boolean; search?: Record<string, string> } = {},
): MenuEntry => ({ id, label, path, access, search: options.search ?? {}, onMobile: options.onMobile ?? true });

export const ADMIN_PANEL = entry('admin-panel', 'Admin Panel', '/admin', ADMIN);
/** R-NAV-13: an employee's own entry point. */
export const MY_DASHBOARD = entry('my-dashboard', 'My Dashboard', '/employee-dashboard', STAFF);

/** R-NAV-11 (desktop order and grouping as the spec lists them). */
export const ADMIN_MENU_GROUPS: readonly MenuGroup[] = [
  {
    id: 'client-management',
    label: 'Client Management',
    entries: [
      entry('client-database', 'Client Database', '/admin/clients', needs('viewClients')),
      entry('invoice-manager', 'Invoice Manager', '/admin/invoices', needs('viewInvoices')),
      entry('tax-reporting', 'Tax Reporting', '/admin/tax-reporting', needs('viewInvoices'), { onMobile: false }),
      entry('payment-reminders', 'Payment Reminders', '/admin/payment-reminders', needs('viewInvoices'), { onMobile: false }),
      entry('job-tracker', 'Job Tracker', '/admin/jobs', needs('viewJobs')),
      entry('monitoring-services', 'Monitoring Services', '/admin/monitoring', needs('viewClients')),
    ],
  },
  {
    id: 'employee-management',
    label: 'Employee Management',
    entries: [
      entry('employee-database', 'Employee Database', '/admin/employees', ADMIN),
      entry('time-tracking', 'Time Tracking', '/admin/employees', ADMIN, { search: { tab: 'hours' } }),
    ],
  },
  {
    id: 'product-management',
    label: 'Product Management',
    entries: [
      entry('inventory-manager', 'Inventory Manager', '/admin/inventory', needs('viewInventory'), { onMobile: false }),
      entry('proposals', 'Proposals', '/admin/proposals', needs('viewProposals'), { onMobile: false }),
      entry('camera-planner', 'Camera Planner', '/admin/camera-planner', needs('viewProposals'), { onMobile: false }),
    ],
  },
];

/**
 * Back-office screens the spec's menu (R-NAV-11) does not list. They are offered as shortcuts
 * on the staff dashboards instead of growing the menu, so everyone whose permissions open one
 * can also find it: an employee with viewClients has no admin panel and its count cards.
 */
export const SHORTCUTS: readonly MenuEntry[] = [
  entry('leads', 'Quote requests', '/admin/leads', needs('viewClients')),
  entry('messages', 'Contact messages', '/admin/messages', needs('viewClients')),
  entry('vision-ai', 'Vision AI analysis', '/vision-ai-analysis', needs('useVisionAi')),
  entry('reviews', 'Review moderation', '/admin/reviews', ADMIN),
  entry('shared-files', 'Shared files', '/admin/files', STAFF),
  entry('outbox', 'Sent mail', '/admin/outbox', ADMIN),
];

/** The shortcuts a state may open (none for visitors and non-staff). */
export function shortcutsFor(state: AuthState): MenuEntry[] {
  if (state.kind !== 'admin' && state.kind !== 'employee') return [];
  return SHORTCUTS.filter((e) => hasAccess(state, e.access));
}

/**
 * Back-office routes (R-NAV-2) and what opening each needs (R-AUTH-15). Routes reached from the
 * menu or the shortcuts take their entry's requirement.
 */
export const BACK_OFFICE_ROUTES: readonly { path: string; access: Access }[] = [
  { path: ADMIN_PANEL.path, access: ADMIN_PANEL.access },
  ...[...ADMIN_MENU_GROUPS.flatMap((g) => g.entries), ...SHORTCUTS]
    .filter((e) => Object.keys(e.search).length === 0)
    .map((e) => ({ path: e.path, access: e.access })),
  { path: MY_DASHBOARD.path, access: MY_DASHBOARD.access },
  // The header's bell opens it (docs/notifications.md); each person sees what their permissions cover.
  { path: '/admin/notifications', access: STAFF },
];

/**
 * What a route needs: exact back-office path, or the nearest listed parent for sub-pages
 * (`/admin/clients/42` needs what `/admin/clients` needs). Any other `/admin/...` path is
 * admin-only (default deny); null for public routes.
 */
export function accessForPath(pathname: string): Access | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: { path: string; access: Access } | undefined;
  for (const r of BACK_OFFICE_ROUTES) {
    const matches = path === r.path || path.startsWith(`${r.path}/`);
    if (matches && (best === undefined || r.path.length > best.path.length)) best = r;
  }
  if (best !== undefined) return best.access;
  return path === '/admin' || path.startsWith('/admin/') ? ADMIN : null;
}

/**
 * The back-office menu a state sees. Admins: Admin Panel and the three groups (R-NAV-11, R-AUTH-5).
 * Active employees: 'My Dashboard' (R-NAV-13) and the entries their permissions allow.
 * Everyone else: nothing (R-AUTH-7). On mobile the R-NAV-12 entries are left out. Groups left
 * empty are dropped.
 */
export function menuFor(state: AuthState, viewport: Viewport): MenuItem[] {
  if (state.kind !== 'admin' && state.kind !== 'employee') return [];
  const shown = (e: MenuEntry) => hasAccess(state, e.access) && (viewport === 'desktop' || e.onMobile);
  const items: MenuItem[] = [];
  for (const first of [ADMIN_PANEL, MY_DASHBOARD]) {
    // My Dashboard belongs to employees (R-NAV-13); admins open the admin panel instead.
    if (first === MY_DASHBOARD && state.kind === 'admin') continue;
    if (shown(first)) items.push({ kind: 'link', entry: first });
  }
  for (const group of ADMIN_MENU_GROUPS) {
    const entries = group.entries.filter(shown);
    if (entries.length > 0) items.push({ kind: 'group', group: { ...group, entries } });
  }
  return items;
}

/** The link target of an entry, search included. */
export function menuHref(e: MenuEntry): string {
  const search = new URLSearchParams(e.search).toString();
  return search === '' ? e.path : `${e.path}?${search}`;
}
