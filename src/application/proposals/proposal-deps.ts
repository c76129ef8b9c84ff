import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { auditEntry, type Actor, type AuditChange } from '../../domain/audit/audit-entry.ts';
import type { ClientDirectory } from '../../domain/clients/client-directory.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { InventoryRepository } from '../../domain/inventory/inventory-repository.ts';
import type { InvoiceIssuer } from '../../domain/invoices/invoice-issuer.ts';
import type { JobCreator } from '../../domain/jobs/job-creator.ts';
import type { Mailer, MailQueue } from '../../domain/mail/mailer.ts';
import type { ProposalPdfRenderer } from '../../domain/proposals/proposal-pdf.ts';
import type { CompanyInfo } from '../../domain/proposals/proposal-presentation.ts';
import type { ProposalRepository } from '../../domain/proposals/proposal-repository.ts';
import type { QuoteRequestRepository } from '../../domain/quotes/quote-request-repository.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import type { FileStorage } from '../../domain/storage/file-storage.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import type { MoneySettings } from '../../domain/shared/money.ts';
import { dateKey } from '../../domain/analytics/page-view.ts';

/** The ports the proposal use cases take; each uses the ones it needs. */
export interface ProposalDeps {
  proposals: ProposalRepository;
  directory: ClientDirectory;
  /** For the client's leadId (a sent proposal moves the lead to proposal-sent). */
  clients: ClientRepository;
  leads: QuoteRequestRepository;
  inventory: InventoryRepository;
  jobs: JobCreator;
  invoices: InvoiceIssuer;
  mailer: Mailer;
  /** The outbox, for the signed copy the customer gets after a drawn-signature acceptance (queued, once). */
  mailQueue?: MailQueue;
  pdf: ProposalPdfRenderer;
  /** Signatures and signed (certified) PDFs of accepted proposals. */
  files: FileStorage;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  /** Unguessable public-link tokens (crypto randomness, 32 base64url characters). */
  tokens: { next(): string };
  timeZone: string;
  company: CompanyInfo;
  /** The configured currency and locale mails and notes show amounts in. */
  money: MoneySettings;
  /** The site's base URL; the public link is `${baseUrl}/p/${token}`. */
  baseUrl: string;
  /** A payment provider is configured: the accepted page offers to pay the deposit online. */
  onlinePayment?: boolean;
  /** Notifications (viewed, accepted, declined: the office's bell and mail), the one owner of telling the office. */
  notify: Notify;
}

export const AUDIT_ENTITY = 'proposal';

/** The client, not a staff member, acting through the public link. */
export const clientActor = (name: string): Actor => ({ id: 'public-link', name });

export const today = (deps: Pick<ProposalDeps, 'clock' | 'timeZone'>): string => dateKey(deps.clock.now(), deps.timeZone);

export const publicLink = (deps: Pick<ProposalDeps, 'baseUrl'>, token: string): string => `${deps.baseUrl}/p/${token}`;

export async function audit(deps: Pick<ProposalDeps, 'audit' | 'clock'>, actor: Actor, proposalId: string, action: string, changes: readonly AuditChange[] = []): Promise<void> {
  await deps.audit.record(auditEntry(actor, deps.clock.now(), AUDIT_ENTITY, proposalId, action, changes));
}
