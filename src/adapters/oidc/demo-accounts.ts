import { DEMO_ADMIN_IDS } from '../../config.ts';

/**
 * The accounts the embedded OpenID provider offers on its sign-in page (development and tests
 * only). The two admins' subject ids are the default ADMIN_USER_IDS; Maria and Tom have employee
 * records seeded on first start (see application/demo/seed-demo-data.ts).
 */
export interface DemoAccount {
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
  picture: string | null;
  role: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { sub: DEMO_ADMIN_IDS[0], name: 'Frank Miller', email: 'frank@shieldline.example', emailVerified: true, picture: null, role: 'Administrator (owner)' },
  { sub: DEMO_ADMIN_IDS[1], name: 'Jake Miller', email: 'jake@shieldline.example', emailVerified: true, picture: null, role: 'Administrator (son)' },
  { sub: 'demo-employee-maria', name: 'Maria Lopez', email: 'maria@shieldline.example', emailVerified: true, picture: null, role: 'Active employee: clients (view), jobs (view, edit), inventory (view)' },
  { sub: 'demo-employee-tom', name: 'Tom Reed', email: 'tom@shieldline.example', emailVerified: true, picture: null, role: 'Inactive employee' },
  { sub: 'demo-user-casey', name: 'Casey Jordan', email: 'casey.jordan@example.com', emailVerified: true, picture: null, role: 'Ordinary Google user (not staff)' },
];

export const findDemoAccount = (sub: string): DemoAccount | undefined => DEMO_ACCOUNTS.find((a) => a.sub === sub);
