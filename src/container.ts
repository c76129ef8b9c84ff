import 'reflect-metadata';
import { container as root, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AppConfig } from './config.ts';
import type { Clock, IdGenerator } from './domain/shared/clock.ts';
import { SIGN_IN_TIMEOUT_MS, type SignInMethod } from './domain/auth/sign-in-flow.ts';
import type { ContactMessageRepository } from './domain/contact/contact-message-repository.ts';
import type { DocumentStore } from './domain/persistence/document-store.ts';
import type { FileStorage } from './domain/storage/file-storage.ts';
import { openDocumentStore } from './adapters/open-document-store.ts';
import { openFileStorage, openStorageProbe } from './adapters/open-file-storage.ts';
import { DocumentContactMessageRepository } from './adapters/documents/document-contact-message-repository.ts';
import { seedDemoData } from './application/demo/seed-demo-data.ts';
import { DocumentEmployeeRepository } from './adapters/documents/document-employee-repository.ts';
import type { EmployeeRepository } from './domain/auth/employee-repository.ts';
import type { EmployeeDirectory } from './domain/employees/employee-directory.ts';
import type { AuditLog } from './domain/audit/audit-log.ts';
import { DocumentEmployeeDirectory } from './adapters/documents/document-employee-directory.ts';
import { DocumentAuditLog, migrateAuditLog } from './adapters/documents/document-audit-log.ts';
import { DocumentReferenceNames } from './adapters/documents/document-reference-names.ts';
import type { ObjectDetector } from './domain/vision/object-detector.ts';
import { VisionError } from './domain/vision/vision-error.ts';
import type { VisionAnalysisRepository } from './domain/vision/vision-analysis-repository.ts';
import { PooledObjectDetector } from './adapters/vision/pooled-object-detector.ts';
import { DocumentVisionAnalysisRepository } from './adapters/documents/document-vision-analysis-repository.ts';
import type { CameraPlanRepository } from './domain/planner/camera-plan-repository.ts';
import { DocumentCameraPlanRepository } from './adapters/documents/document-camera-plan-repository.ts';
import type { InventoryRepository } from './domain/inventory/inventory-repository.ts';
import { DocumentInventoryRepository } from './adapters/documents/document-inventory-repository.ts';
import { seedInventory } from './application/demo/seed-inventory.ts';
import type { QuoteRequestRepository } from './domain/quotes/quote-request-repository.ts';
import type { ReviewRepository } from './domain/reviews/review-repository.ts';
import type { SiteStatsRepository } from './domain/analytics/site-stats-repository.ts';
import type { Mailer } from './domain/mail/mailer.ts';
import { DocumentQuoteRequestRepository } from './adapters/documents/document-quote-request-repository.ts';
import { DocumentReviewRepository } from './adapters/documents/document-review-repository.ts';
import { DocumentSiteStatsRepository } from './adapters/documents/document-site-stats-repository.ts';
import { DocumentOutboxMailer } from './adapters/documents/document-outbox-mailer.ts';
import { SmtpMailer } from './adapters/smtp/smtp-mailer.ts';
import type { ClientRepository } from './domain/clients/client-repository.ts';
import type { ClientDirectory } from './domain/clients/client-directory.ts';
import type { SecretCipher } from './domain/clients/secret-cipher.ts';
import type { ClientDeps } from './application/clients/client-deps.ts';
import { createClientDirectory } from './application/clients/client-directory.ts';
import { DocumentClientRepository } from './adapters/documents/document-client-repository.ts';
import { DocumentClientRelations } from './adapters/documents/document-client-relations.ts';
import { AesGcmSecretCipher } from './adapters/crypto/aes-gcm-secret-cipher.ts';
import { sessionSecret } from './http/session-secret.ts';
import type { ProposalDeps } from './application/proposals/proposal-deps.ts';
import { DocumentProposalRepository } from './adapters/documents/document-proposal-repository.ts';
import { PdfkitProposalPdf } from './adapters/pdf/pdfkit-proposal-pdf.ts';
import type { JobCreator } from './domain/jobs/job-creator.ts';
import type { InvoiceIssuer } from './domain/invoices/invoice-issuer.ts';
import { hostname } from 'node:os';
import type { ReminderDeps } from './application/reminders/reminder-deps.ts';
import { runPaymentReminders } from './application/reminders/run-payment-reminders.ts';
import { InvoiceReminderSource } from './application/reminders/invoice-reminder-source.ts';
import { DocumentReminderLog, DocumentReminderSettings } from './adapters/documents/document-reminder-log.ts';
import type { MonitoringDeps } from './application/monitoring/monitoring-deps.ts';
import { runContractBilling } from './application/monitoring/run-billing-now.ts';
import { createScheduler, type Scheduler } from './application/schedule/scheduler.ts';
import { DocumentContractRepository } from './adapters/documents/document-contract-repository.ts';
import { DocumentContractInvoiceReader } from './adapters/documents/document-contract-invoice-reader.ts';
import { DocumentIdempotencyKeys } from './adapters/documents/document-idempotency-keys.ts';
import { DocumentLease } from './adapters/documents/document-lease.ts';
import type { TimeDeps } from './application/time/time-deps.ts';
import { DocumentTimeEntryRepository } from './adapters/documents/document-time-entry-repository.ts';
import type { InvoiceDeps } from './application/invoices/invoice-deps.ts';
import { InvoiceIssuerService } from './application/invoices/create-invoice.ts';
import { changeInvoice } from './application/invoices/change-invoice.ts';
import { voidInvoice } from './domain/invoices/invoice.ts';
import type { Actor } from './domain/audit/audit-entry.ts';
import { DocumentInvoiceRepository } from './adapters/documents/document-invoice-repository.ts';
import { DocumentJobMaterials } from './adapters/documents/document-job-materials.ts';
import { PdfkitInvoiceDocuments } from './adapters/pdf/pdfkit-invoice-documents.ts';
import { DocumentCardOnFileStore } from './adapters/documents/document-card-on-file-store.ts';
import { autoPayCardOf, type CardDeps } from './application/payments/card-on-file.ts';
import { retryDueAutoPayments, startAutoPay, type AutoPayDeps } from './application/payments/auto-pay-invoice.ts';
import { DocumentAutoPayAttempts } from './adapters/documents/document-auto-pay-attempts.ts';
import type { PaymentDeps } from './application/payments/payment-deps.ts';
import { createJobCreator } from './application/jobs/create-job.ts';
import { DocumentJobRepository } from './adapters/documents/document-job-repository.ts';
import { DocumentCalendarFeedRepository } from './adapters/documents/document-calendar-feed-repository.ts';
import { randomSecretTokens } from './adapters/crypto/random-secret-tokens.ts';
import { DocumentPortalDirectory, DocumentServiceRequestStore, DocumentSignInLinkStore } from './adapters/documents/document-portal-directory.ts';
import type { PortalDeps } from './application/portal/portal-deps.ts';
import { icalGeneratorCalendarWriter } from './adapters/ical/ical-generator-calendar-writer.ts';
import { DocumentSessionStore, type CallbackSessionStore } from './adapters/documents/document-session-store.ts';
import { documentRateLimitStore, documentWindowCounter } from './adapters/documents/document-rate-limit-store.ts';
import type { CameraPlanPdfRenderer } from './domain/planner/camera-plan-report.ts';
import type { PdfPageRasterizer } from './domain/planner/pdf-page-rasterizer.ts';
import { PdfkitCameraPlanPdf } from './adapters/pdf/pdfkit-camera-plan-pdf.ts';
import { PdfjsPageRasterizer } from './adapters/pdf/pdfjs-page-rasterizer.ts';
import type { SiteInfo } from './contracts/site.ts';
import type { SendContactMessageDeps } from './application/contact/send-contact-message.ts';
import type { EmployeeDeps } from './application/employees/employee-change.ts';
import type { ImageSourceDeps } from './application/vision/image-sources.ts';
import type { InventoryViewDeps } from './application/inventory/inventory-deps.ts';
import type { QuoteDeps } from './application/quotes/quote-deps.ts';
import type { ReviewDeps } from './application/reviews/review-deps.ts';
import type { AnalyticsDeps } from './application/analytics/analytics-deps.ts';
import { VisitorGate } from './domain/analytics/visitor-gate.ts';
import type { BackOfficeDeps } from './application/admin/back-office-deps.ts';
import type { CameraPlanDeps } from './application/camera-plans/camera-plan-deps.ts';
import type { FileRoutesDeps } from './http/routes/files.ts';
import type { JobRoutesDeps } from './http/routes/jobs.ts';
import type { NotificationDeps } from './application/notifications/notification-deps.ts';
import type { Notify } from './domain/notifications/notification-event.ts';
import { createNotifier } from './application/notifications/notify.ts';
import { runVisitReminders } from './application/notifications/visit-reminders.ts';
import { DocumentCustomerPreferences, DocumentNotificationRepository, DocumentTemplateRepository } from './adapters/documents/document-notifications.ts';
import { HmacUnsubscribeTokens } from './adapters/crypto/hmac-unsubscribe-tokens.ts';
import { TwilioSmsSender } from './adapters/sms/twilio-sms-sender.ts';
import { PdfkitSignOffPdf } from './adapters/pdf/pdfkit-sign-off-pdf.ts';

/** The address browsers use for this site (PUBLIC_URL, else the local listener), without a trailing slash. */
function siteBaseUrl(config: AppConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

/**
 * The composition root: the only place that knows which adapter implements which port.
 * DATABASE_URL picks SQLite or MongoDB, STORAGE_URL the filesystem or S3; nothing else changes.
 * Registrations are factories under explicit tokens because type stripping emits no decorator
 * metadata, so tsyringe cannot autowire by type (STACK-NOTES.md).
 */
export const TOKENS = {
  Config: Symbol('Config') as InjectionToken<AppConfig>,
  /**
   * The site's one base URL (`siteBaseUrl`): mail links, public links, the calendar's uid domain,
   * the OpenID callback and the same-origin check all start from it.
   */
  BaseUrl: Symbol('BaseUrl') as InjectionToken<string>,
  Clock: Symbol('Clock') as InjectionToken<Clock>,
  Ids: Symbol('Ids') as InjectionToken<IdGenerator>,
  Store: Symbol('Store') as InjectionToken<DocumentStore>,
  Files: Symbol('Files') as InjectionToken<FileStorage>,
  ContactMessages: Symbol('ContactMessages') as InjectionToken<ContactMessageRepository>,
  Employees: Symbol('Employees') as InjectionToken<EmployeeRepository>,
  EmployeeDirectory: Symbol('EmployeeDirectory') as InjectionToken<EmployeeDirectory>,
  AuditLog: Symbol('AuditLog') as InjectionToken<AuditLog>,
  /** The detector's worker pool: created (and the model loaded) on the first resolve, not at boot. */
  Detector: Symbol('Detector') as InjectionToken<ObjectDetector>,
  VisionAnalyses: Symbol('VisionAnalyses') as InjectionToken<VisionAnalysisRepository>,
  Inventory: Symbol('Inventory') as InjectionToken<InventoryRepository>,
  CameraPlans: Symbol('CameraPlans') as InjectionToken<CameraPlanRepository>,
  CameraPlanPdf: Symbol('CameraPlanPdf') as InjectionToken<CameraPlanPdfRenderer>,
  PageRasterizer: Symbol('PageRasterizer') as InjectionToken<PdfPageRasterizer>,
  SessionStore: Symbol('SessionStore') as InjectionToken<CallbackSessionStore>,
  /** The @fastify/rate-limit store class: counters in the document store, shared by every instance. */
  RateLimitStore: Symbol('RateLimitStore') as InjectionToken<ReturnType<typeof documentRateLimitStore>>,
  Leads: Symbol('Leads') as InjectionToken<QuoteRequestRepository>,
  Reviews: Symbol('Reviews') as InjectionToken<ReviewRepository>,
  SiteStats: Symbol('SiteStats') as InjectionToken<SiteStatsRepository>,
  /** The outbox: every mail is kept there (the Mailer and the MailQueue), delivered over SMTP when SMTP_URL is set. */
  Outbox: Symbol('Outbox') as InjectionToken<DocumentOutboxMailer>,
  Mailer: Symbol('Mailer') as InjectionToken<Mailer>,
  Clients: Symbol('Clients') as InjectionToken<ClientRepository>,
  /** The read port other areas use to refer to clients and sites (clientId + siteId). */
  ClientDirectory: Symbol('ClientDirectory') as InjectionToken<ClientDirectory>,
  SecretCipher: Symbol('SecretCipher') as InjectionToken<SecretCipher>,
  ClientDeps: Symbol('ClientDeps') as InjectionToken<ClientDeps>,
  ProposalDeps: Symbol('ProposalDeps') as InjectionToken<ProposalDeps>,
  Monitoring: Symbol('Monitoring') as InjectionToken<MonitoringDeps>,
  /** The one in-process runner of scheduled work; main.ts starts and stops it. */
  Scheduler: Symbol('Scheduler') as InjectionToken<Scheduler>,
  /** Payment reminders (docs/payment-reminders.md): shared by the routes and the scheduler. */
  ReminderDeps: Symbol('ReminderDeps') as InjectionToken<ReminderDeps>,
  /** Time tracking's use-case dependencies (entries, employees, audit, clock, overtime/flag rules). */
  TimeDeps: Symbol('TimeDeps') as InjectionToken<TimeDeps>,
  /** Invoices, payments, credit notes and tax reports (docs/money.md). */
  InvoiceDeps: Symbol('InvoiceDeps') as InjectionToken<InvoiceDeps>,
  /** The port proposals and monitoring contracts create invoices through. */
  InvoiceIssuer: Symbol('InvoiceIssuer') as InjectionToken<InvoiceIssuer>,
  /** The job tracker's use-case dependencies (routes) and the port other features open jobs through. */
  JobDeps: Symbol('JobDeps') as InjectionToken<JobRoutesDeps>,
  JobCreator: Symbol('JobCreator') as InjectionToken<JobCreator>,
  /** R-AUTH-13: the sign-in's network time-outs by mode (tests shorten them). */
  SignInTimeouts: Symbol('SignInTimeouts') as InjectionToken<Readonly<Record<SignInMethod, number>>>,
  // One bundle per area: what its route plugin (server.ts's table) and use cases take.
  HealthDeps: Symbol('HealthDeps') as InjectionToken<{ ping: () => Promise<void>; storage: () => Promise<void> }>,
  SiteDeps: Symbol('SiteDeps') as InjectionToken<{ info: SiteInfo }>,
  /** The public contact and support forms. */
  ContactDeps: Symbol('ContactDeps') as InjectionToken<SendContactMessageDeps>,
  EmployeeDeps: Symbol('EmployeeDeps') as InjectionToken<EmployeeDeps>,
  /** Image analysis, and the job and lead photos it can pick from. */
  VisionDeps: Symbol('VisionDeps') as InjectionToken<ImageSourceDeps>,
  InventoryDeps: Symbol('InventoryDeps') as InjectionToken<InventoryViewDeps>,
  QuoteDeps: Symbol('QuoteDeps') as InjectionToken<QuoteDeps>,
  ReviewDeps: Symbol('ReviewDeps') as InjectionToken<ReviewDeps>,
  AnalyticsDeps: Symbol('AnalyticsDeps') as InjectionToken<AnalyticsDeps>,
  BackOfficeDeps: Symbol('BackOfficeDeps') as InjectionToken<BackOfficeDeps>,
  CameraPlanDeps: Symbol('CameraPlanDeps') as InjectionToken<CameraPlanDeps>,
  FileDeps: Symbol('FileDeps') as InjectionToken<FileRoutesDeps>,
  /** Online payment: the invoices' bundle and the provider (null unless STRIPE_* is set; docs/payments.md). */
  PaymentDeps: Symbol('PaymentDeps') as InjectionToken<PaymentDeps>,
  /** Card on file and the auto-pay switch (docs/payments.md). */
  CardDeps: Symbol('CardDeps') as InjectionToken<CardDeps>,
  /** Auto-pay of monitoring invoices and its retries (docs/payments.md "Retries"). */
  AutoPayDeps: Symbol('AutoPayDeps') as InjectionToken<AutoPayDeps>,
  /** Notifications (docs/notifications.md): the office's bell, templates, opt-outs, the reminder job. */
  NotificationDeps: Symbol('NotificationDeps') as InjectionToken<NotificationDeps>,
  /** The one entry point every area tells what happened: `notify(event)` (typed events, sent exactly once). */
  Notify: Symbol('Notify') as InjectionToken<Notify>,
  /** The client hub and customer sign-in links (docs/portal.md). */
  PortalDeps: Symbol('PortalDeps') as InjectionToken<PortalDeps>,
} as const;

export interface AppContainer {
  resolve<T>(token: InjectionToken<T>): T;
  /** Checks the database answers; used by GET /api/ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ContainerOptions {
  /**
   * Replaces what a token resolves to, asked on every resolve (return undefined to keep the real
   * one); the bundles pick it up too. Tests use it to put a fake detector or port in place.
   */
  override?: (token: unknown) => unknown;
}

export async function buildContainer(config: AppConfig, options: ContainerOptions = {}): Promise<AppContainer> {
  const c: DependencyContainer = root.createChildContainer();
  const { override } = options;
  if (override) {
    // Factories resolve through the container they are given (this one), so they see the override too.
    const real = c.resolve.bind(c);
    c.resolve = (<T,>(token: InjectionToken<T>) => (override(token) as T | undefined) ?? real(token)) as typeof c.resolve;
  }
  const baseUrl = siteBaseUrl(config);
  const clock: Clock = { now: () => new Date() };
  const ids: IdGenerator = { next: () => randomUUID() };
  const store = await openDocumentStore(config.database.url, { clock, ids });
  const files = await openFileStorage(config.storageUrl, { clock });
  // The Stripe SDK (≈ 3 MB of heap) is loaded only when online payment is configured.
  const paymentProvider = config.stripe ? new (await import('./adapters/stripe/stripe-payment-provider.ts')).StripePaymentProvider(config.stripe) : null;
  const storageProbe = openStorageProbe(config.storageUrl);
  await migrateAuditLog(store);
  if (config.demoData) await seedDemoData(store);
  // One instance: it queues movements per item within this process (see the adapter).
  const inventory = new DocumentInventoryRepository(store);
  // Labels of referenced records (audit entries, movements, analyses), one reader for all.
  const referenceNames = new DocumentReferenceNames(store);
  if (config.demoData) await seedInventory({ inventory, clock, ids });

  c.register(TOKENS.Config, { useValue: config });
  c.register(TOKENS.BaseUrl, { useValue: baseUrl });
  c.register(TOKENS.Clock, { useValue: clock });
  c.register(TOKENS.SignInTimeouts, { useValue: SIGN_IN_TIMEOUT_MS });
  c.register(TOKENS.Ids, { useValue: ids });
  c.register(TOKENS.Store, { useValue: store });
  c.register(TOKENS.Files, { useValue: files });
  c.register(TOKENS.ContactMessages, { useFactory: (r) => new DocumentContactMessageRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.Employees, { useFactory: (r) => new DocumentEmployeeRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.EmployeeDirectory, { useFactory: (r) => new DocumentEmployeeDirectory(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.AuditLog, { useFactory: (r) => new DocumentAuditLog(r.resolve(TOKENS.Store), r.resolve(TOKENS.Ids), referenceNames) });
  c.register(TOKENS.VisionAnalyses, { useFactory: (r) => new DocumentVisionAnalysisRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.Inventory, { useValue: inventory });
  c.register(TOKENS.CameraPlans, { useFactory: (r) => new DocumentCameraPlanRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.CameraPlanPdf, { useFactory: instanceCachingFactory(() => new PdfkitCameraPlanPdf(config.money, { name: config.company.name, address: config.company.address, phone: config.company.phone, email: config.company.email })) });
  c.register(TOKENS.PageRasterizer, { useFactory: instanceCachingFactory(() => new PdfjsPageRasterizer()) });
  c.register(TOKENS.SessionStore, { useFactory: instanceCachingFactory((r) => new DocumentSessionStore(r.resolve(TOKENS.Store), r.resolve(TOKENS.Clock), config.session.idleMs, config.session.cacheMs)) });
  c.register(TOKENS.RateLimitStore, { useFactory: instanceCachingFactory((r) => documentRateLimitStore(r.resolve(TOKENS.Store), r.resolve(TOKENS.Clock))) });
  c.register(TOKENS.Leads, { useFactory: (r) => new DocumentQuoteRequestRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.Reviews, { useFactory: (r) => new DocumentReviewRepository(r.resolve(TOKENS.Store)) });
  // Page views are counted in memory for up to a second; close() writes what is pending.
  let siteStats: DocumentSiteStatsRepository | null = null;
  c.register(TOKENS.SiteStats, { useFactory: instanceCachingFactory((r) => (siteStats = new DocumentSiteStatsRepository(r.resolve(TOKENS.Store)))) });
  const smtp = config.smtpUrl ? new SmtpMailer(config.smtpUrl, `${config.company.name} <${config.company.email}>`) : null;
  // Every mail goes through the outbox: kept there, and delivered over SMTP when it is set.
  const outbox = new DocumentOutboxMailer(store, clock, ids, smtp);
  c.register(TOKENS.Outbox, { useValue: outbox });
  c.register(TOKENS.Mailer, { useValue: outbox });
  c.register(TOKENS.Clients, { useFactory: (r) => new DocumentClientRepository(r.resolve(TOKENS.Store)) });
  c.register(TOKENS.ClientDirectory, { useFactory: (r) => createClientDirectory(r.resolve(TOKENS.Clients), { leads: r.resolve(TOKENS.Leads), clock }) });
  // Derived once (scrypt); the session secret is the fallback key material (docs/clients.md).
  c.register(TOKENS.SecretCipher, {
    useFactory: instanceCachingFactory(() => new AesGcmSecretCipher(config.clientSecretsKey ?? sessionSecret(config.session.secret, config.dataDir))),
  });
  c.register(TOKENS.ClientDeps, {
    useFactory: (r) => {
      const relations = new DocumentClientRelations(r.resolve(TOKENS.Store));
      return {
        clients: r.resolve(TOKENS.Clients),
        audit: r.resolve(TOKENS.AuditLog),
        relations,
        leads: relations,
        cipher: r.resolve(TOKENS.SecretCipher),
        clock,
        ids,
      };
    },
  });

  c.register(TOKENS.ProposalDeps, {
    useFactory: instanceCachingFactory((r) => ({
      proposals: new DocumentProposalRepository(r.resolve(TOKENS.Store)),
      directory: r.resolve(TOKENS.ClientDirectory),
      clients: r.resolve(TOKENS.Clients),
      leads: r.resolve(TOKENS.Leads),
      inventory: r.resolve(TOKENS.Inventory),
      mailer: r.resolve(TOKENS.Mailer),
      mailQueue: r.resolve(TOKENS.Outbox),
      pdf: new PdfkitProposalPdf(config.money, { address: config.company.address }),
      files: r.resolve(TOKENS.Files),
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      ids,
      tokens: { next: () => randomBytes(24).toString('base64url') },
      timeZone: config.timeZone,
      company: { name: config.company.name, email: config.company.email, phone: config.company.phone, paymentInstructions: config.paymentInstructions },
      jobs: r.resolve(TOKENS.JobCreator),
      invoices: r.resolve(TOKENS.InvoiceIssuer),
      baseUrl,
      money: config.money,
      notify: (e) => r.resolve(TOKENS.Notify)(e),
      onlinePayment: config.stripe != null,
    })),
  });
  const holder = `${hostname()}:${process.pid}:${ids.next().slice(0, 8)}`;
  // One instance, shared by the routes and the scheduler.
  const cards = new DocumentCardOnFileStore(store);
  const autoPayAttempts = new DocumentAutoPayAttempts(store);
  c.register(TOKENS.Monitoring, {
    useFactory: instanceCachingFactory((r) => ({
      contracts: new DocumentContractRepository(store),
      directory: r.resolve(TOKENS.ClientDirectory),
      keys: new DocumentIdempotencyKeys(store, clock),
      issuer: r.resolve(TOKENS.InvoiceIssuer),
      invoices: new DocumentContractInvoiceReader(store),
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      ids,
      timeZone: config.timeZone,
      locale: config.money.locale,
      voidDraftInvoice: async (id: string, reason: string, actor: Actor) => {
        await changeInvoice(r.resolve(TOKENS.InvoiceDeps), actor, id, 'void', (inv, now) => voidInvoice(inv, reason, now, config.money));
      },
      holder,
      pastDueAfterDays: 30,
      stuckAfterMs: 15 * 60_000,
      ...(config.stripe
        ? {
            autoPay: {
              isOn: async (clientId: string) => (await autoPayCardOf(cards, clientId)) !== null,
              charge: async (clientId: string, invoiceId: string) => {
                await startAutoPay(r.resolve(TOKENS.AutoPayDeps), clientId, invoiceId);
              },
            },
          }
        : {}),
    })),
  });
  c.register(TOKENS.ReminderDeps, {
    useFactory: instanceCachingFactory((r) => ({
      invoices: new InvoiceReminderSource(r.resolve(TOKENS.InvoiceDeps)),
      log: new DocumentReminderLog(store),
      settings: new DocumentReminderSettings(store),
      mailer: r.resolve(TOKENS.Mailer),
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      timeZone: config.timeZone,
      company: { name: config.company.name, phone: config.company.phone, email: config.company.email },
      money: config.money,
    })),
  });
  let scheduler: Scheduler | null = null;
  c.register(TOKENS.Scheduler, {
    useFactory: (r) =>
      (scheduler ??= createScheduler({
        lease: new DocumentLease(store, clock),
        now: () => clock.now(),
        holder,
        jobs: [
          { name: 'contract-billing', run: (now, signal) => runContractBilling(r.resolve(TOKENS.Monitoring), now, signal) },
          { name: 'payment-reminders', run: () => runPaymentReminders(r.resolve(TOKENS.ReminderDeps)) },
          { name: 'mail-delivery', run: (now) => outbox.deliverDue(now) },
          { name: 'visit-reminders', run: (now) => runVisitReminders(r.resolve(TOKENS.NotificationDeps), now) },
          ...(config.stripe ? [{ name: 'auto-pay-retries', run: (now: Date) => retryDueAutoPayments(r.resolve(TOKENS.AutoPayDeps), now) }] : []),
        ],
      })),
  });
  c.register(TOKENS.TimeDeps, {
    useFactory: (r) => ({
      entries: new DocumentTimeEntryRepository(r.resolve(TOKENS.Store), ids),
      employees: r.resolve(TOKENS.EmployeeDirectory),
      jobs: r.resolve(TOKENS.JobDeps).jobs,
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      rules: { timeZone: config.timeZone, overtimeWeeklyHours: config.time.overtimeWeeklyHours, maxOpenHours: config.time.forgottenClockOutHours },
    }),
  });
  c.register(TOKENS.InvoiceDeps, {
    useFactory: instanceCachingFactory((r) => ({
      invoices: new DocumentInvoiceRepository(r.resolve(TOKENS.Store), ids),
      clients: r.resolve(TOKENS.ClientDirectory),
      jobs: new DocumentJobMaterials(r.resolve(TOKENS.Store), r.resolve(TOKENS.Inventory)),
      documents: new PdfkitInvoiceDocuments(),
      mailer: r.resolve(TOKENS.Mailer),
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      ids,
      tokens: { next: () => randomBytes(24).toString('base64url') },
      company: { name: config.company.name, address: config.company.address, phone: config.company.phone, email: config.company.email, paymentInstructions: config.paymentInstructions },
      format: { ...config.money, timeZone: config.timeZone },
      baseUrl,
      notify: (e) => r.resolve(TOKENS.Notify)(e),
    })),
  });
  c.register(TOKENS.PaymentDeps, {
    useFactory: instanceCachingFactory((r) => ({ ...r.resolve(TOKENS.InvoiceDeps), provider: paymentProvider })),
  });
  c.register(TOKENS.CardDeps, {
    useFactory: instanceCachingFactory((r) => ({ ...r.resolve(TOKENS.PaymentDeps), cards, attempts: autoPayAttempts, directory: r.resolve(TOKENS.PortalDeps).directory })),
  });
  c.register(TOKENS.AutoPayDeps, {
    useFactory: instanceCachingFactory((r) => ({ ...r.resolve(TOKENS.PaymentDeps), cards, attempts: autoPayAttempts, holder })),
  });
  c.register(TOKENS.InvoiceIssuer, { useFactory: instanceCachingFactory((r) => new InvoiceIssuerService(r.resolve(TOKENS.InvoiceDeps))) });
  c.register(TOKENS.JobDeps, {
    useFactory: instanceCachingFactory((r) => ({
      // One instance: it queues numbering and per-job updates within this process (see the adapter).
      jobs: new DocumentJobRepository(r.resolve(TOKENS.Store)),
      clients: r.resolve(TOKENS.ClientDirectory),
      employees: r.resolve(TOKENS.EmployeeDirectory),
      inventory: { inventory: r.resolve(TOKENS.Inventory), clock, ids },
      audit: r.resolve(TOKENS.AuditLog),
      files: r.resolve(TOKENS.Files),
      feeds: new DocumentCalendarFeedRepository(r.resolve(TOKENS.Store)),
      tokens: randomSecretTokens,
      calendar: icalGeneratorCalendarWriter,
      clock,
      ids,
      timeZone: config.timeZone,
      uidDomain: new URL(baseUrl).hostname,
      // Links inside calendar events only to a real public address, never to a local listener.
      siteUrl: config.publicUrl ? baseUrl : null,
      notify: (e) => r.resolve(TOKENS.Notify)(e),
      signOffPdf: new PdfkitSignOffPdf(),
      company: { name: config.company.name, address: config.company.address, phone: config.company.phone, email: config.company.email },
      locale: config.money.locale,
    })),
  });
  c.register(TOKENS.JobCreator, { useFactory: (r) => createJobCreator(r.resolve(TOKENS.JobDeps)) });

  c.register(TOKENS.HealthDeps, { useValue: { ping: () => store.ping(), storage: () => storageProbe.check() } });
  c.register(TOKENS.SiteDeps, { useValue: { info: { ...config.company, money: config.money, timeZone: config.timeZone } } });
  c.register(TOKENS.ContactDeps, { useFactory: (r) => ({ contactMessages: r.resolve(TOKENS.ContactMessages), clock, ids, notify: (e) => r.resolve(TOKENS.Notify)(e) }) });
  c.register(TOKENS.EmployeeDeps, {
    useFactory: (r) => ({ employees: r.resolve(TOKENS.EmployeeDirectory), audit: r.resolve(TOKENS.AuditLog), clock, feeds: new DocumentCalendarFeedRepository(r.resolve(TOKENS.Store)) }),
  });
  c.register(TOKENS.VisionDeps, {
    useFactory: (r) => ({
      detector: () => r.resolve(TOKENS.Detector),
      files: r.resolve(TOKENS.Files),
      analyses: r.resolve(TOKENS.VisionAnalyses),
      maxImageBytes: config.vision.maxImageBytes,
      jobs: r.resolve(TOKENS.JobDeps).jobs,
      clients: r.resolve(TOKENS.Clients),
      leads: r.resolve(TOKENS.Leads),
      names: referenceNames,
    }),
  });
  c.register(TOKENS.InventoryDeps, {
    useFactory: (r) => ({ inventory: r.resolve(TOKENS.Inventory), clock, ids, audit: r.resolve(TOKENS.AuditLog), names: referenceNames }),
  });
  c.register(TOKENS.QuoteDeps, {
    useFactory: (r) => ({
      leads: r.resolve(TOKENS.Leads),
      files: r.resolve(TOKENS.Files),
      mailer: r.resolve(TOKENS.Outbox),
      clock,
      ids,
      servicePostcodes: config.servicePostcodes,
      timeZone: config.timeZone,
      locale: config.money.locale,
      office: { email: config.company.email, adminUrl: baseUrl },
      notify: (e) => r.resolve(TOKENS.Notify)(e),
    }),
  });
  c.register(TOKENS.ReviewDeps, {
    useFactory: (r) => ({
      reviews: r.resolve(TOKENS.Reviews),
      clock,
      ids,
      business: { name: config.company.name, phone: config.company.phone, email: config.company.email, url: baseUrl, areaServed: config.company.serviceArea },
    }),
  });
  c.register(TOKENS.AnalyticsDeps, { useFactory: instanceCachingFactory((r) => ({ stats: r.resolve(TOKENS.SiteStats), clock, timeZone: config.timeZone, visitors: new VisitorGate(documentWindowCounter(r.resolve(TOKENS.Store))) })) });
  c.register(TOKENS.BackOfficeDeps, {
    useFactory: (r) => ({ contactMessages: r.resolve(TOKENS.ContactMessages), leads: r.resolve(TOKENS.Leads), reviews: r.resolve(TOKENS.Reviews), outbox: r.resolve(TOKENS.Outbox), audit: r.resolve(TOKENS.AuditLog), clock, serviceRequests: new DocumentServiceRequestStore(store) }),
  });
  c.register(TOKENS.CameraPlanDeps, {
    useFactory: (r) => ({
      plans: r.resolve(TOKENS.CameraPlans),
      clients: r.resolve(TOKENS.Clients),
      inventory: r.resolve(TOKENS.Inventory),
      files: r.resolve(TOKENS.Files),
      pdf: r.resolve(TOKENS.CameraPlanPdf),
      pdfPages: r.resolve(TOKENS.PageRasterizer),
      clock,
      timeZone: config.timeZone,
      locale: config.money.locale,
    }),
  });
  c.register(TOKENS.FileDeps, { useFactory: (r) => ({ files: r.resolve(TOKENS.Files), baseUrl }) });
  c.register(TOKENS.NotificationDeps, {
    useFactory: instanceCachingFactory((r) => ({
      notifications: new DocumentNotificationRepository(store),
      templates: new DocumentTemplateRepository(store),
      preferences: new DocumentCustomerPreferences(store, clock),
      mail: r.resolve(TOKENS.Outbox),
      sms: config.sms ? new TwilioSmsSender(config.sms) : null,
      smsCountryCode: config.sms?.countryCode ?? '1',
      once: new DocumentIdempotencyKeys(store, clock),
      unsubscribe: new HmacUnsubscribeTokens(sessionSecret(config.session.secret, config.dataDir)),
      clients: r.resolve(TOKENS.ClientDirectory),
      employees: r.resolve(TOKENS.EmployeeDirectory),
      jobs: r.resolve(TOKENS.JobDeps).jobs,
      files: r.resolve(TOKENS.Files),
      signOffPdf: new PdfkitSignOffPdf(),
      audit: r.resolve(TOKENS.AuditLog),
      clock,
      company: { name: config.company.name, phone: config.company.phone, email: config.company.email, address: config.company.address },
      baseUrl,
      timeZone: config.timeZone,
      money: config.money,
      holder,
      onError: (err: unknown, key: string) => console.error(`notification ${key} failed:`, err instanceof Error ? err.message : err),
      notify: (e) => r.resolve(TOKENS.Notify)(e),
    })),
  });
  c.register(TOKENS.Notify, { useFactory: instanceCachingFactory((r) => createNotifier(r.resolve(TOKENS.NotificationDeps)).notify) });
  c.register(TOKENS.PortalDeps, {
    useFactory: (r) => {
      const proposals = r.resolve(TOKENS.ProposalDeps).proposals;
      const contracts = r.resolve(TOKENS.Monitoring).contracts;
      const camera = r.resolve(TOKENS.CameraPlanDeps);
      return {
        directory: new DocumentPortalDirectory(store, { clients: r.resolve(TOKENS.Clients), proposals, contracts }),
        clients: r.resolve(TOKENS.Clients),
        invoices: r.resolve(TOKENS.InvoiceDeps),
        jobs: r.resolve(TOKENS.JobDeps).jobs,
        jobCreator: r.resolve(TOKENS.JobCreator),
        employees: r.resolve(TOKENS.EmployeeDirectory),
        plans: camera,
        signOffPdf: new PdfkitSignOffPdf(),
        notify: (e) => r.resolve(TOKENS.Notify)(e),
        contactMessages: r.resolve(TOKENS.ContactMessages),
        serviceRequests: new DocumentServiceRequestStore(store),
        links: new DocumentSignInLinkStore(store),
        tokens: randomSecretTokens,
        mail: r.resolve(TOKENS.Outbox),
        audit: r.resolve(TOKENS.AuditLog),
        clock,
        ids,
        company: { name: config.company.name, address: config.company.address, phone: config.company.phone, email: config.company.email },
        timeZone: config.timeZone,
        locale: config.money.locale,
        baseUrl,
      };
    },
  });

  let closed = false;
  let detector: PooledObjectDetector | null = null;
  c.register(TOKENS.Detector, {
    useFactory: () => {
      if (closed) throw new VisionError('detector-unavailable', 'The detector has been shut down.');
      detector ??= new PooledObjectDetector({
        workers: config.vision.workers,
        maxQueue: config.vision.maxQueue,
        timeoutMs: config.vision.timeoutMs,
        ...(config.vision.modelPath ? { modelPath: config.vision.modelPath } : {}),
      });
      return detector;
    },
  });

  return {
    resolve: (token) => c.resolve(token),
    ping: () => store.ping(),
    close: async () => {
      if (closed) return;
      closed = true;
      await scheduler?.stop();
      await outbox.settle();
      await detector?.close();
      smtp?.close();
      await files.close?.();
      await storageProbe.close();
      await siteStats?.flush().catch(() => undefined);
      await store.close();
    },
  };
}
