/**
 * The client hub's ports and its one ownership rule (docs/portal.md). A customer is anyone
 * signed in with a verified e-mail (CUSTOMER in the access kernel); which clients are theirs is
 * data: the clients with a contact holding that e-mail. Every portal use case calls
 * `ownedClient` right after its access check, and a record is shown only when it belongs to
 * that client: anything else answers "not found", the same as a record that does not exist.
 */
import type { AuditLog } from '../../domain/audit/audit-log.ts';
import { verifiedEmailOf } from '../../domain/auth/menu.ts';
import type { AuthState } from '../../domain/auth/permissions.ts';
import type { Client } from '../../domain/clients/client.ts';
import type { ClientRepository } from '../../domain/clients/client-repository.ts';
import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import type { SecretTokens } from '../../domain/jobs/calendar-feed.ts';
import type { JobCreator } from '../../domain/jobs/job-creator.ts';
import type { JobRepository } from '../../domain/jobs/job-repository.ts';
import type { MailQueue } from '../../domain/mail/mailer.ts';
import type { PortalDirectory, ServiceRequestStore } from '../../domain/portal/portal-directory.ts';
import type { SignOffPdf } from '../../domain/jobs/sign-off-pdf.ts';
import type { Notify } from '../../domain/notifications/notification-event.ts';
import type { SignInLinkStore } from '../../domain/portal/sign-in-link.ts';
import type { Clock, IdGenerator } from '../../domain/shared/clock.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ExportPdfDeps } from '../camera-plans/export-camera-plan-pdf.ts';
import type { InvoiceDeps } from '../invoices/invoice-deps.ts';
import { CUSTOMER, requireAccess, type Actor } from '../shared/require-access.ts';

export interface PortalDeps {
  directory: PortalDirectory;
  clients: ClientRepository;
  invoices: InvoiceDeps;
  jobs: JobRepository;
  jobCreator: JobCreator;
  employees: EmployeeDirectory;
  plans: ExportPdfDeps;
  signOffPdf: SignOffPdf;
  /** The office hears of service requests and detail changes (docs/notifications.md); absent in some tests. */
  notify?: Notify;
  contactMessages: ContactMessageRepository;
  serviceRequests: ServiceRequestStore;
  links: SignInLinkStore;
  tokens: SecretTokens;
  mail: MailQueue;
  audit: AuditLog;
  clock: Clock;
  ids: IdGenerator;
  company: { name: string; address: string; phone: string; email: string };
  timeZone: string;
  locale: string;
  baseUrl: string;
}

/** What every refused portal record answers: the same as one that does not exist. */
export const NOT_YOURS = 'Nothing by that reference on your account.';

export const notYours = (): DomainError => new DomainError('not-found', NOT_YOURS);

/** The access check, then the client by id among the caller's own: the first step of every portal use case. */
export async function ownedClient(deps: Pick<PortalDeps, 'directory'>, auth: AuthState, clientId: string): Promise<{ actor: Actor; email: string; client: Client }> {
  const actor = requireAccess(auth, CUSTOMER);
  const email = verifiedEmailOf(auth)!;
  const client = (await deps.directory.clientsForEmail(email)).find((c) => c.id === clientId);
  if (!client) throw notYours();
  return { actor, email, client };
}

/** The caller's own contact on the client (the first holding their e-mail). */
export function contactIndexOf(client: Client, email: string): number {
  return client.contacts.findIndex((c) => c.emails.some((e) => e.trim().toLowerCase() === email));
}
