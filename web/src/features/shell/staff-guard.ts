import { ensureSession } from '../auth/ensure-session.ts';
import { siteInfoQuery } from './site-info.ts';

/**
 * The guard of the staff screens (/admin, the employee dashboard, vision analysis): the session and
 * the screen's access check (ensureSession), with the site's settings fetched alongside, so the
 * company's time zone is known before the screen's first paint (times in its clock at once).
 */
export const ensureStaffSession = (ctx: Parameters<typeof ensureSession>[0]): Promise<void> => ensureSession(ctx, [(qc) => qc.ensureQueryData(siteInfoQuery)]);
