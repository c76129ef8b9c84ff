import { DEMO_ADMIN_IDS } from '../../src/config.ts';

/** Subject ids of the embedded provider's demo accounts (src/adapters/oidc/demo-accounts.ts). */
export const DEMO = {
  admin: DEMO_ADMIN_IDS[0],
  admin2: DEMO_ADMIN_IDS[1],
  /** Maria Lopez: active employee with viewClients, viewJobs, editJobs, viewInventory. */
  employee: 'demo-employee-maria',
  /** Tom Reed: employee record with employmentStatus 'inactive'. */
  inactive: 'demo-employee-tom',
  /** Casey Jordan: an ordinary Google user, not staff. */
  other: 'demo-user-casey',
} as const;
