import { z } from 'zod';

export const AUTH_STATES = ['signed-out', 'admin', 'employee', 'other'] as const;

/** GET /api/session: who is signed in and what they may do (R-AUTH-1, R-AUTH-5..7). */
export const sessionResponseSchema = z.object({
  state: z.enum(AUTH_STATES),
  user: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      photoUrl: z.string().nullable(),
    })
    .nullable(),
  permissions: z.record(z.string(), z.boolean()),
  /** Send back as the x-csrf-token header on every POST/PUT/PATCH/DELETE. */
  csrfToken: z.string(),
  /** Which identity provider the sign-in button goes to. */
  provider: z.enum(['google', 'embedded']),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/auth/redirect-result: the outcome of the last full-page sign-in, once (R-AUTH-11). */
export const redirectResultSchema = z.object({
  result: z.enum(['none', 'signed-in', 'error']),
  error: z.string().optional(),
});
export type RedirectResult = z.infer<typeof redirectResultSchema>;

export const signInQuerySchema = z.object({
  mode: z.enum(['popup', 'redirect']).default('redirect'),
  returnTo: z
    .string()
    .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site')
    .max(500)
    .default('/'),
});
