import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTestApp, type ListeningTestApp } from '../support/app.ts';
import { TestClient } from '../support/http-client.ts';
import { DEMO } from '../support/demo-users.ts';
import { TOKENS } from '../../src/container.ts';
import { PERMISSIONS, type Permission } from '../../src/domain/auth/permissions.ts';

/**
 * The intended policy, written out independently of the routes' own declarations: every API
 * route and who may call it. A route registered but missing here (or listed here but gone)
 * fails the test, so each new route has to be placed in the matrix deliberately.
 */
type Policy = 'public' | 'signed-in' | 'staff' | 'admin' | 'customer' | Permission;
const MATRIX: Record<string, Policy> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/site': 'public',
  'POST /api/contact': 'public',
  'GET /api/session': 'public',
  'GET /api/auth/login': 'public',
  'GET /api/auth/callback': 'public',
  'GET /api/auth/popup-done.js': 'public',
  'GET /api/auth/redirect-result': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/session/events': 'signed-in',
  'GET /api/reviews': 'public',
  'POST /api/reviews': 'public',
  'POST /api/quotes': 'public',
  'GET /api/proposals': 'viewProposals',
  'POST /api/proposals': 'editProposals',
  'POST /api/proposals/from-bom': 'editProposals',
  'GET /api/proposals/:id': 'viewProposals',
  'PUT /api/proposals/:id': 'editProposals',
  'POST /api/proposals/:id/send': 'editProposals',
  'GET /api/proposals/:id/send-preview': 'editProposals',
  'POST /api/proposals/:id/convert': 'editProposals',
  'POST /api/proposals/:id/duplicate': 'editProposals',
  'POST /api/proposals/:id/link/revoke': 'editProposals',
  'POST /api/proposals/:id/link/rotate': 'editProposals',
  'GET /api/proposals/:id/pdf': 'viewProposals',
  'GET /api/proposals/:id/audit': 'viewProposals',
  'GET /api/proposals/:id/certificate': 'viewProposals',
  'GET /api/proposals/:id/signature': 'viewProposals',
  'GET /api/public/proposals/:token': 'public',
  'GET /api/public/proposals/:token/pdf': 'public',
  'POST /api/public/proposals/:token/accept': 'public',
  'POST /api/public/proposals/:token/decline': 'public',
  'POST /api/support': 'public',
  'POST /api/analytics/page-view': 'public',
  'GET /api/admin/counts': 'staff',
  'GET /api/admin/leads': 'viewClients',
  'GET /api/admin/leads/:id': 'viewClients',
  'PATCH /api/admin/leads/:id': 'editClients',
  'GET /api/admin/leads/:id/photos/:index': 'viewClients',
  'GET /api/admin/messages': 'viewClients',
  'PATCH /api/admin/messages/:id': 'editClients',
  'GET /api/admin/reviews': 'admin',
  'POST /api/admin/reviews/:id/publish': 'admin',
  'POST /api/admin/reviews/:id/reject': 'admin',
  'PUT /api/admin/reviews/:id/reply': 'admin',
  'GET /api/admin/analytics': 'admin',
  'GET /api/admin/analytics/stream': 'admin',
  'GET /api/admin/outbox': 'admin',
  'GET /api/admin/outbox/:id': 'admin',
  'POST /api/admin/outbox/:id/retry': 'admin',
  'GET /api/notifications': 'staff',
  'POST /api/notifications/read': 'staff',
  'GET /api/admin/notification-templates': 'admin',
  'PUT /api/admin/notification-templates/:key': 'admin',
  'DELETE /api/admin/notification-templates/:key': 'admin',
  'POST /api/admin/notification-templates/:key/preview': 'admin',
  'GET /api/clients/:id/customer-messages': 'viewClients',
  'PUT /api/clients/:id/customer-messages': 'editClients',
  'GET /api/public/unsubscribe/:token': 'public',
  'POST /api/public/unsubscribe/:token': 'public',
  'GET /api/employees': 'admin',
  'GET /api/employees/:id': 'admin',
  'POST /api/employees': 'admin',
  'PATCH /api/employees/:id': 'admin',
  'POST /api/employees/:id/deactivate': 'admin',
  'GET /api/employees/:id/audit': 'admin',
  'POST /api/vision/analyses': 'useVisionAi',
  'GET /api/vision/sources': 'useVisionAi',
  'POST /api/vision/analyses/from-source': 'useVisionAi',
  'GET /api/vision/analyses': 'useVisionAi',
  'GET /api/vision/analyses/:id': 'useVisionAi',
  'PATCH /api/vision/analyses/:id': 'useVisionAi',
  'DELETE /api/vision/analyses/:id': 'useVisionAi',
  'GET /api/vision/analyses/:id/image': 'useVisionAi',
  'GET /api/camera-plans': 'viewProposals',
  'POST /api/camera-plans': 'editProposals',
  'GET /api/camera-plans/:id': 'viewProposals',
  'PUT /api/camera-plans/:id': 'editProposals',
  'DELETE /api/camera-plans/:id': 'editProposals',
  'PUT /api/camera-plans/:id/floor-plan': 'editProposals',
  'GET /api/camera-plans/:id/floor-plan': 'viewProposals',
  'GET /api/camera-plans/:id/bom': 'viewProposals',
  'GET /api/camera-plans/:id/pdf': 'viewProposals',
  'GET /api/inventory/items': 'viewInventory',
  'POST /api/inventory/items': 'editInventory',
  'GET /api/inventory/items/:id': 'viewInventory',
  'PUT /api/inventory/items/:id': 'editInventory',
  'GET /api/inventory/items/:id/movements': 'viewInventory',
  'POST /api/inventory/items/:id/movements': 'editInventory',
  'POST /api/inventory/items/:id/movements/:movementId/reverse': 'editInventory',
  'GET /api/inventory/items/:id/serials/:serial': 'viewInventory',
  'GET /api/inventory/low-stock': 'viewInventory',
  'GET /api/inventory/export.csv': 'viewInventory',
  'GET /api/reminders': 'viewInvoices',
  'PUT /api/reminders/policy': 'editInvoices',
  'GET /api/reminders/log': 'viewInvoices',
  'POST /api/reminders/log/:id/retry': 'editInvoices',
  'POST /api/reminders/run': 'editInvoices',
  'POST /api/reminders/pauses': 'editInvoices',
  'DELETE /api/reminders/pauses/:scope/:targetId': 'editInvoices',
  'GET /api/invoices': 'viewInvoices',
  'POST /api/invoices': 'editInvoices',
  'GET /api/invoices/:id': 'viewInvoices',
  'PUT /api/invoices/:id': 'editInvoices',
  'POST /api/invoices/:id/send': 'editInvoices',
  'GET /api/invoices/:id/send-preview': 'editInvoices',
  'POST /api/invoices/:id/payments': 'editInvoices',
  'PATCH /api/invoices/:id/payments/:paymentId': 'editInvoices',
  'DELETE /api/invoices/:id/payments/:paymentId': 'editInvoices',
  'POST /api/invoices/:id/duplicate': 'editInvoices',
  'POST /api/invoices/:id/void': 'editInvoices',
  'POST /api/invoices/:id/link/revoke': 'editInvoices',
  'POST /api/invoices/:id/link/rotate': 'editInvoices',
  'POST /api/invoices/:id/credit-notes': 'editInvoices',
  'GET /api/invoices/:id/pdf': 'viewInvoices',
  'GET /api/public/invoices/:token': 'public',
  'GET /api/public/invoices/:token/pdf': 'public',
  'GET /api/public/invoices/:token/payment': 'public',
  'POST /api/public/invoices/:token/checkout': 'public',
  'POST /api/payments/stripe/webhook': 'public',
  'POST /api/invoices/:id/payments/:paymentId/refund': 'editInvoices',
  'GET /api/tax-reports': 'viewInvoices',
  'GET /api/tax-reports/export.csv': 'viewInvoices',
  'GET /api/tax-reports/export.pdf': 'viewInvoices',
  'GET /api/clients': 'viewClients',
  'GET /api/clients/export.csv': 'viewClients',
  'GET /api/clients/import/template.csv': 'editClients',
  'GET /api/clients/:id': 'viewClients',
  'GET /api/clients/:id/related': 'viewClients',
  'POST /api/clients': 'editClients',
  'PATCH /api/clients/:id': 'editClients',
  'POST /api/clients/:id/archive': 'editClients',
  'POST /api/clients/:id/unarchive': 'editClients',
  'DELETE /api/clients/:id': 'editClients',
  'GET /api/clients/:id/sites/:siteId': 'viewClients',
  'POST /api/clients/:id/sites': 'editClients',
  'PATCH /api/clients/:id/sites/:siteId': 'editClients',
  'DELETE /api/clients/:id/sites/:siteId': 'editClients',
  'POST /api/clients/:id/sites/:siteId/reveal-passcode': 'editClients',
  'POST /api/clients/import/preview': 'editClients',
  'POST /api/clients/import/commit': 'editClients',
  'POST /api/leads/:id/convert': 'editClients',
  'GET /api/monitoring/contracts': 'viewClients',
  'POST /api/monitoring/contracts': 'editClients',
  'GET /api/monitoring/contracts/:id': 'viewClients',
  'PUT /api/monitoring/contracts/:id': 'editClients',
  'POST /api/monitoring/contracts/:id/status': 'editClients',
  'GET /api/monitoring/summary': 'viewClients',
  'POST /api/monitoring/billing/run': 'admin',
  'POST /api/monitoring/contracts/:id/billing/:period/retry': 'admin',
  'GET /api/monitoring/billing/preview': 'admin',
  'GET /api/monitoring/contracts/:id/billing/preview': 'editClients',
  'GET /api/monitoring/contracts/:id/history': 'viewClients',
  'GET /api/time/me': 'staff',
  'GET /api/time/me/week': 'staff',
  'POST /api/time/me/clock-in': 'staff',
  'POST /api/time/me/clock-out': 'staff',
  'POST /api/time/me/break/start': 'staff',
  'POST /api/time/me/break/end': 'staff',
  'GET /api/time/timesheets': 'admin',
  'GET /api/time/timesheets/:employeeId': 'admin',
  'POST /api/time/timesheets/:employeeId/approve': 'admin',
  'POST /api/time/timesheets/:employeeId/unlock': 'admin',
  'PATCH /api/time/entries/:id': 'admin',
  'POST /api/time/timesheets/:employeeId/entries': 'admin',
  'GET /api/time/export.csv': 'admin',
  'GET /api/jobs': 'viewJobs',
  'GET /api/jobs/board': 'viewJobs',
  'GET /api/jobs/calendar': 'viewJobs',
  'GET /api/jobs/mine': 'staff',
  'GET /api/jobs/assignees': 'viewJobs',
  'GET /api/jobs/client-options': 'editJobs',
  'POST /api/jobs': 'editJobs',
  'GET /api/jobs/:id': 'viewJobs',
  'PATCH /api/jobs/:id': 'editJobs',
  'POST /api/jobs/:id/status': 'editJobs',
  'PUT /api/jobs/:id/schedule': 'editJobs',
  'POST /api/jobs/:id/checklist': 'editJobs',
  'POST /api/jobs/:id/materials': 'editJobs',
  'POST /api/jobs/:id/sign-off': 'editJobs',
  'POST /api/jobs/:id/on-my-way': 'editJobs',
  'POST /api/jobs/:id/trim-out': 'editJobs',
  'POST /api/jobs/:id/photos': 'editJobs',
  'GET /api/jobs/:id/photos/:photoId': 'viewJobs',
  'GET /api/jobs/:id/signature': 'viewJobs',
  'GET /api/jobs/:id/sign-off.pdf': 'viewJobs',
  'GET /api/jobs/calendar-feed': 'staff',
  'POST /api/jobs/calendar-feed': 'staff',
  'DELETE /api/jobs/calendar-feed': 'staff',
  'GET /api/jobs/calendar-feeds/:employeeId': 'admin',
  'POST /api/jobs/calendar-feeds/:employeeId': 'admin',
  'DELETE /api/jobs/calendar-feeds/:employeeId': 'admin',
  'GET /api/calendar/:file': 'public',
  'POST /api/files': 'admin',
  'GET /api/files': 'staff',
  'GET /api/files/:path/metadata': 'staff',
  'GET /api/files/:path': 'staff',
  'GET /api/files/public/:path': 'public',
  'POST /api/files/:path/tokens': 'admin',
  'DELETE /api/files/:path/tokens/:token': 'admin',
  'DELETE /api/files/:path': 'admin',
  'GET /api/openapi.json': 'public',
  // The docs viewer (@fastify/swagger-ui), outside production only.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  // The client hub (docs/portal.md): any verified e-mail; which clients is the use case's check (portal-idor.test.ts).
  'POST /api/portal/sign-in-link': 'public',
  'POST /api/portal/sign-in': 'public',
  'GET /api/portal/clients': 'customer',
  'GET /api/portal/clients/:clientId': 'customer',
  'GET /api/portal/clients/:clientId/invoices/:id/pdf': 'customer',
  'GET /api/portal/clients/:clientId/visits/:id/sign-off.pdf': 'customer',
  'GET /api/portal/clients/:clientId/camera-plans/:id/pdf': 'customer',
  'POST /api/portal/clients/:clientId/service-requests': 'customer',
  'PUT /api/portal/clients/:clientId/contact': 'customer',
  'GET /api/portal/viewer/:kind/:token': 'customer',
  // Card on file (docs/payments.md): the customer's card in the portal, the office's auto-pay switch.
  'GET /api/portal/clients/:clientId/card': 'customer',
  'POST /api/portal/clients/:clientId/card/setup': 'customer',
  'POST /api/portal/clients/:clientId/card': 'customer',
  'DELETE /api/portal/clients/:clientId/card': 'customer',
  'GET /api/clients/:id/card': 'viewClients',
  'PUT /api/clients/:id/auto-pay': 'editClients',
  'POST /api/admin/messages/:id/job': 'editJobs',
};

type Role =
  | { name: 'anonymous' }
  | { name: 'other user' | 'inactive employee' | 'admin' | 'customer by e-mailed link' }
  | { name: 'employee'; permissions: Permission[] };

function allowed(policy: Policy, role: Role): boolean {
  switch (policy) {
    case 'public':
      return true;
    case 'signed-in':
    case 'customer':
      // Every signed-in role here has a verified e-mail (the demo accounts, an e-mailed link).
      return role.name !== 'anonymous';
    case 'staff':
      return role.name === 'admin' || role.name === 'employee';
    case 'admin':
      return role.name === 'admin';
    default:
      return role.name === 'admin' || (role.name === 'employee' && role.permissions.includes(policy));
  }
}

/** Server-Sent Events routes: only their status line is read. */
const STREAMS = new Set(['/api/session/events', '/api/admin/analytics/stream']);

const probeUrl = (url: string) => url.replace(/:[A-Za-z]+/g, 'matrix-probe').replace(/\*/g, 'x');

describe('route × role matrix', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await listenTestApp();
  });
  afterAll(() => t.close());

  it('[R-AUTH-15] lists every registered API route exactly once', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(MATRIX).sort());
  });

  async function call(client: TestClient | null, key: string, spell: (path: string) => string = (p) => p): Promise<number> {
    const [method, url] = key.split(' ') as [string, string];
    const c = client ?? new TestClient(t.url);
    const path = spell(probeUrl(url));
    if (STREAMS.has(url)) {
      // A stream: the status line is all that matters here.
      const ac = new AbortController();
      const res = await c.raw(path, { signal: ac.signal });
      ac.abort();
      return res.status;
    }
    if (method === 'GET') return (await c.raw(path)).status;
    const res = await c.send(method as 'POST', path, method === 'DELETE' ? undefined : {});
    return res.status;
  }

  const LOGOUT = 'POST /api/auth/logout';
  async function check(role: Role, client: TestClient | null, { signOutAtEnd = true } = {}) {
    const wrong: string[] = [];
    // Sign-out last (or not at all), so the client stays signed in for the rest.
    const keys = Object.keys(MATRIX)
      .filter((k) => signOutAtEnd || k !== LOGOUT)
      .sort((a, b) => Number(a === LOGOUT) - Number(b === LOGOUT));
    // Eight requests at a time (the sign-out, sorted last, alone after the rest): the whole matrix
    // for one role is a few hundred requests, and R-AUTH-6 runs it once per permission.
    const statuses = new Map<string, number>();
    await client?.csrfToken(); // one token for the session before requests run side by side
    const head = keys.filter((k) => k !== LOGOUT);
    for (let i = 0; i < head.length; i += 8) {
      const batch = head.slice(i, i + 8);
      (await Promise.all(batch.map((k) => call(client, k)))).forEach((status, j) => statuses.set(batch[j]!, status));
    }
    if (keys.includes(LOGOUT)) statuses.set(LOGOUT, await call(client, LOGOUT));
    for (const key of keys) {
      const status = statuses.get(key)!;
      const expectAllowed = allowed(MATRIX[key]!, role);
      const denied = status === 401 || status === 403;
      if (expectAllowed === denied) wrong.push(`${key}: got ${status}, expected ${expectAllowed ? 'allowed' : 'denied'}`);
      if (!expectAllowed && role.name === 'anonymous' && status !== 401) wrong.push(`${key}: anonymous should get 401, got ${status}`);
      if (!expectAllowed && role.name !== 'anonymous' && status !== 403) wrong.push(`${key}: ${role.name} should get 403, got ${status}`);
    }
    expect(wrong, `${role.name} ${'permissions' in role ? role.permissions.join(',') : ''}`).toEqual([]);
  }

  it('[R-AUTH-7] anonymous visitors reach public routes only (401 elsewhere)', async () => {
    await check({ name: 'anonymous' }, null);
  });

  // The router decodes paths before matching, so these reach the same handlers as /api/…; the
  // checks must follow the route that matched, not the spelling of the URL.
  const SPELLINGS: [string, (p: string) => string][] = [
    ['/%61pi', (p) => p.replace(/^\/api/, '/%61pi')],
    ['/ap%69', (p) => p.replace(/^\/api/, '/ap%69')],
    ['%2F in a segment name', (p) => p.replace(/^\/api\/([a-z])/, (_m, c: string) => `/api/%${c.charCodeAt(0).toString(16)}`)],
  ];
  it.each(SPELLINGS)('[R-AUTH-7] a percent-encoded path (%s) meets the same access checks', async (_name, spell) => {
    const wrong: string[] = [];
    for (const key of Object.keys(MATRIX)) {
      if (MATRIX[key] === 'public') continue;
      const status = await call(null, key, spell);
      if (status !== 401) wrong.push(`${key} spelled ${spell(probeUrl(key.split(' ')[1]!))}: got ${status}, expected 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('a percent-encoded path meets the same cross-site and CSRF checks', async () => {
    const admin = new TestClient(t.url);
    await admin.signIn(DEMO.admin);
    const foreign = await admin.send('POST', '/%61pi/inventory/items', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const noToken = await admin.raw('/%61pi/inventory/items', { method: 'POST', headers: { origin: t.url, 'content-type': 'application/json' }, body: '{}' });
    expect(noToken.status).toBe(403);
    // …and the same request spelled plainly with the token gets past both (to validation).
    expect((await admin.send('POST', '/%61pi/inventory/items', {})).status).toBe(400);
  });

  it('[R-AUTH-7] an ordinary signed-in user has no staff access (403)', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.other);
    await check({ name: 'other user' }, c);
  });

  it("a customer signed in by e-mailed link reaches public and customer routes only, though her address is an admin's", async () => {
    const store = t.container.resolve(TOKENS.Store);
    const email = 'frank@shieldline.example';
    await store.collection('clients').create({ kind: 'residential', name: 'Matrix Customer', nameKey: 'matrix customer', company: '', contacts: [{ name: 'Matrix Customer', role: '', emails: [email], phones: [] }], billingAddress: { line1: '', line2: '', city: '', region: '', postcode: '', country: '' }, tags: [], notes: '', source: 'other', status: 'active', leadId: null, sites: [], search: [email] }, 'matrix-customer');
    await store.collection('client_terms').create({ term: email, clientId: 'matrix-customer', nameKey: 'matrix customer', status: 'active', kind: 'residential', source: 'other', tags: [] }, 'matrix-customer:0');
    const tokens = t.container.resolve(TOKENS.PortalDeps).tokens;
    const token = tokens.newToken();
    await store.collection('portal_sign_in_links').create({ email, expiresAt: new Date(Date.now() + 600_000).toISOString(), purgeAt: new Date(Date.now() + 86_400_000).toISOString(), usedAt: null }, tokens.hash(token));
    const c = new TestClient(t.url);
    expect((await c.send('POST', '/api/portal/sign-in', { token })).status).toBe(200);
    c.forgetCsrf();
    await check({ name: 'customer by e-mailed link' }, c);
  });

  it('[R-AUTH-4] an inactive employee is treated as no employee', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.inactive);
    await check({ name: 'inactive employee' }, c);
  });

  it('[R-AUTH-5] an admin reaches every route', async () => {
    const c = new TestClient(t.url);
    await c.signIn(DEMO.admin);
    await check({ name: 'admin' }, c);
  });

  it('[R-AUTH-6] an active employee reaches exactly what each permission allows', { timeout: 120_000 }, async () => {
    const employees = t.container.resolve(TOKENS.Store).collection('employees');
    const grant = (perms: Permission[]) => employees.update('emp-maria', { permissions: Object.fromEntries(perms.map((p) => [p, true])) });
    const c = new TestClient(t.url);
    await c.signIn(DEMO.employee);
    const cases = [[], ...PERMISSIONS.map((p) => [p])] as Permission[][];
    for (const [i, perms] of cases.entries()) {
      await grant(perms);
      // The record is looked up on every request, so the change applies without signing out.
      await check({ name: 'employee', permissions: perms }, c, { signOutAtEnd: i === cases.length - 1 });
    }
  });
});
