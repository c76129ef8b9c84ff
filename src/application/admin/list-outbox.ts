import type { AuthState } from '../../domain/auth/permissions.ts';
import type { MailOutbox, OutboxMail } from '../../domain/mail/mailer.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export const OUTBOX_PAGE_SIZE = 50;

/** The latest mail the site sent (or queued in the outbox), for an administrator. */
export async function listOutbox(deps: { outbox: MailOutbox }, auth: AuthState): Promise<OutboxMail[]> {
  requireAccess(auth, ADMIN);
  return deps.outbox.list(OUTBOX_PAGE_SIZE);
}
