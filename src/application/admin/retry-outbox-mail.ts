import { auditEntry } from '../../domain/audit/audit-entry.ts';
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import { MAIL_KINDS, type MailOutbox, type OutboxMail } from '../../domain/mail/mailer.ts';
import type { Clock } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { ADMIN, requireAccess } from '../shared/require-access.ts';

export const OUTBOX_AUDIT_ENTITY = 'outbox-mail';

/**
 * An admin sends a failed (or still waiting) mail again now: it goes back in the queue and one
 * attempt is made at once; the answer is the mail as it then stands. Audited on the mail.
 * Mail written while someone waited for it (an invoice, a proposal) is not retried here: they
 * were told it failed and the record stayed unsent, so it is sent again from that record.
 */
export async function retryOutboxMail(deps: { outbox: MailOutbox; audit: AuditLog; clock: Clock }, auth: AuthState, id: string): Promise<OutboxMail> {
  const actor = requireAccess(auth, ADMIN);
  const mail = await deps.outbox.get(id);
  if (!mail) throw new DomainError('not-found', 'No such mail in the outbox.');
  if (!deps.outbox.delivers) throw new DomainError('conflict', 'No mail server is set up (SMTP_URL), so mail is kept here and not delivered: there is nothing to retry.');
  if (mail.status === 'sent') throw new DomainError('conflict', `This mail was already delivered to ${mail.to}.`);
  if (mail.status === 'sending') throw new DomainError('conflict', 'This mail is being delivered right now. Reload in a moment.');
  if (!mail.retryable) {
    const record = mail.about[0]?.label;
    throw new DomainError(
      'conflict',
      `This ${MAIL_KINDS[mail.kind].toLowerCase()} mail failed while it was being sent and the sender was told; send it again from ${record ?? 'its record'}.`,
    );
  }
  const after = await deps.outbox.retry(id);
  await deps.audit.record(
    auditEntry(actor, deps.clock.now(), OUTBOX_AUDIT_ENTITY, id, 'retry', [
      { field: 'status', from: mail.status, to: after.status },
      { field: 'to', from: null, to: mail.to },
    ]),
  );
  return after;
}
