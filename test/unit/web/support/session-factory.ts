import type { SessionResponse } from '#contracts/session.ts';
import { ALL_PERMISSIONS, NO_PERMISSIONS, type Permission } from '#domain/auth/permissions.ts';

let n = 0;

/** A GET /api/session answer; `grants` are the employee's permissions (admins get all). */
export function aSession(
  state: SessionResponse['state'],
  overrides: { name?: string | null; email?: string | null; photoUrl?: string | null; grants?: Permission[] } = {},
): SessionResponse {
  n += 1;
  const permissions =
    state === 'admin' ? { ...ALL_PERMISSIONS } : { ...NO_PERMISSIONS, ...Object.fromEntries((state === 'employee' ? (overrides.grants ?? []) : []).map((p) => [p, true])) };
  return {
    state,
    user:
      state === 'signed-out'
        ? null
        : { id: `user-${n}`, name: overrides.name === undefined ? `Pat Person ${n}` : overrides.name, email: overrides.email === undefined ? `pat${n}@example.com` : overrides.email, photoUrl: overrides.photoUrl ?? null },
    permissions,
    csrfToken: `csrf-${n}`,
    provider: 'embedded',
  };
}
