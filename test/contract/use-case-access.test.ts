/**
 * Every use case refuses a caller without the right access, on its own, whoever calls it (issue
 * 13): one row per use case, run against the real use cases on a real SQLite file and file store.
 * For each row: signed out → `unauthenticated`; signed in but lacking the need (an 'other' user,
 * and an employee holding every permission except the one needed) → `forbidden`, with the
 * database and the files byte-for-byte as before; and the least caller who has the need gets
 * past the check, so the row names the need exactly.
 *
 * The last test walks src/application and fails on any exported function that is neither a row,
 * public by design, nor a named helper: a new use case cannot ship without its row.
 * Adding a row is one line: `row(fn, need, (w, auth) => fn(w.deps, auth, ...args))`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { buildContainer, TOKENS, type AppContainer } from '../../src/container.ts';
import { clientInputSchema, siteInputSchema } from '../../src/contracts/clients.ts';
import { PERMISSIONS, type AuthState, type Permission } from '../../src/domain/auth/permissions.ts';
import { ADMIN, CUSTOMER, STAFF } from '../../src/application/shared/require-access.ts';
import { asAccess, type Access } from '../../src/domain/auth/menu.ts';
import { SHARED_FILES_ACCESS, type SharedFilesDeps } from '../../src/application/files/shared-file-access.ts';
import type { EmployeeDeps } from '../../src/application/employees/employee-change.ts';
import type { ProposalDeps } from '../../src/application/proposals/proposal-deps.ts';
import type { ExportPdfDeps } from '../../src/application/camera-plans/export-camera-plan-pdf.ts';
import type { ImageSourceDeps } from '../../src/application/vision/image-sources.ts';
import type { ClientDeps } from '../../src/application/clients/client-deps.ts';
import type { JobDeps } from '../../src/application/jobs/job-deps.ts';
import type { InventoryViewDeps } from '../../src/application/inventory/inventory-deps.ts';
import type { InvoiceDeps } from '../../src/application/invoices/invoice-deps.ts';
import type { MonitoringDeps } from '../../src/application/monitoring/monitoring-deps.ts';
import type { ReminderDeps } from '../../src/application/reminders/reminder-deps.ts';
import type { TimeDeps } from '../../src/application/time/time-deps.ts';
import type { PortalDeps } from '../../src/application/portal/portal-deps.ts';
import { tempDir } from '../support/temp-dir.ts';
import { aUser, anEmployee } from '../unit/auth/factories.ts';
import { aClientInput, aSiteInput } from '../unit/clients/client-factories.ts';
import { itemDetails } from '../unit/inventory/inventory-factories.ts';
import { draftFields } from '../unit/invoices/invoice-factories.ts';
import { someContent } from '../unit/proposals/factories.ts';

import { addSite } from '../../src/application/clients/add-site.ts';
import { listMyClients } from '../../src/application/portal/list-my-clients.ts';
import { getPortalHub } from '../../src/application/portal/get-portal-hub.ts';
import { portalCameraPlanPdf, portalInvoicePdf, portalSignOffPdf } from '../../src/application/portal/portal-documents.ts';
import { requestService } from '../../src/application/portal/request-service.ts';
import { updateContactDetails } from '../../src/application/portal/update-contact-details.ts';
import { openJobFromServiceRequest } from '../../src/application/portal/open-job-from-service-request.ts';
import { documentViewer } from '../../src/application/portal/document-viewer.ts';
import { commitClientImport } from '../../src/application/clients/commit-client-import.ts';
import { convertLeadToClient } from '../../src/application/clients/convert-lead-to-client.ts';
import { createClient } from '../../src/application/clients/create-client.ts';
import { deleteClient } from '../../src/application/clients/delete-client.ts';
import { exportClientsCsv } from '../../src/application/clients/export-clients.ts';
import { getClientRelated } from '../../src/application/clients/get-client-related.ts';
import { getClient, getSite } from '../../src/application/clients/get-client.ts';
import { listClients } from '../../src/application/clients/list-clients.ts';
import { previewClientImport } from '../../src/application/clients/preview-client-import.ts';
import { removeSite } from '../../src/application/clients/remove-site.ts';
import { revealPasscode } from '../../src/application/clients/reveal-passcode.ts';
import { setClientArchived } from '../../src/application/clients/set-client-archived.ts';
import { updateClient } from '../../src/application/clients/update-client.ts';
import { updateSite } from '../../src/application/clients/update-site.ts';
import { cameraPlanBom } from '../../src/application/camera-plans/camera-plan-bom.ts';
import { createCameraPlan } from '../../src/application/camera-plans/create-camera-plan.ts';
import { deleteCameraPlan } from '../../src/application/camera-plans/delete-camera-plan.ts';
import { exportCameraPlanPdf } from '../../src/application/camera-plans/export-camera-plan-pdf.ts';
import { getCameraPlan } from '../../src/application/camera-plans/get-camera-plan.ts';
import { listCameraPlans } from '../../src/application/camera-plans/list-camera-plans.ts';
import { openFloorPlan } from '../../src/application/camera-plans/open-floor-plan.ts';
import { saveCameraPlan } from '../../src/application/camera-plans/save-camera-plan.ts';
import { uploadFloorPlan } from '../../src/application/camera-plans/upload-floor-plan.ts';
import { createEmployee } from '../../src/application/employees/create-employee.ts';
import { deactivateEmployee } from '../../src/application/employees/deactivate-employee.ts';
import { getEmployee } from '../../src/application/employees/get-employee.ts';
import { listEmployeeAudit } from '../../src/application/employees/list-employee-audit.ts';
import { listEmployees } from '../../src/application/employees/list-employees.ts';
import { updateEmployee } from '../../src/application/employees/update-employee.ts';
import { listSharedFiles } from '../../src/application/files/list-shared-files.ts';
import { createSharedFileLink, deleteSharedFile, revokeSharedFileLink } from '../../src/application/files/manage-shared-files.ts';
import { getSharedFileMetadata, openSharedFile } from '../../src/application/files/read-shared-files.ts';
import { uploadSharedFile } from '../../src/application/files/upload-shared-file.ts';
import { createInventoryItem } from '../../src/application/inventory/create-inventory-item.ts';
import { exportInventoryCsv } from '../../src/application/inventory/export-inventory-csv.ts';
import { getInventoryItem } from '../../src/application/inventory/get-inventory-item.ts';
import { getSerialHistory } from '../../src/application/inventory/get-serial-history.ts';
import { listInventoryItems } from '../../src/application/inventory/list-inventory-items.ts';
import { listStockMovements } from '../../src/application/inventory/list-stock-movements.ts';
import { lowStockReport } from '../../src/application/inventory/low-stock-report.ts';
import { recordStockMovement } from '../../src/application/inventory/record-stock-movement.ts';
import { reverseStockMovement } from '../../src/application/inventory/reverse-stock-movement.ts';
import { invoiceSendPreview } from '../../src/application/invoices/invoice-send-preview.ts';
import { proposalSendPreview } from '../../src/application/proposals/proposal-send-preview.ts';
import { listContractHistory } from '../../src/application/audit/list-contract-history.ts';
import { updateInventoryItem } from '../../src/application/inventory/update-inventory-item.ts';
import { addPayment, deletePayment, updateDraft, updatePayment, voidAnInvoice } from '../../src/application/invoices/change-invoice.ts';
import { createInvoiceFromRequest, duplicateInvoice } from '../../src/application/invoices/create-invoice.ts';
import { createCreditNote } from '../../src/application/invoices/issue-credit-note.ts';
import { getInvoice, invoicePdf, listInvoices } from '../../src/application/invoices/read-invoices.ts';
import { sendInvoice } from '../../src/application/invoices/send-invoice.ts';
import { revokeInvoiceLink, rotateInvoiceLink } from '../../src/application/invoices/invoice-link.ts';
import { revokeProposalLink, rotateProposalLink } from '../../src/application/proposals/proposal-link.ts';
import { taxReport } from '../../src/application/invoices/tax-report.ts';
import { feedStatus, regenerateFeed, revokeFeed } from '../../src/application/jobs/calendar-feeds.ts';
import { createJob, createTrimOut } from '../../src/application/jobs/create-job.ts';
import { assignableEmployees, clientOptions, getJob } from '../../src/application/jobs/get-job.ts';
import { changeChecklist } from '../../src/application/jobs/job-checklist.ts';
import { addJobPhoto, openJobFile, signOff } from '../../src/application/jobs/job-files.ts';
import { jobSignOffPdf } from '../../src/application/jobs/sign-off-document.ts';
import { jobBoard, jobCalendar, listJobs, myJobs } from '../../src/application/jobs/list-jobs.ts';
import { recordMaterial } from '../../src/application/jobs/record-material.ts';
import { scheduleAndAssign } from '../../src/application/jobs/schedule-job.ts';
import { changeJobStatus, updateJob } from '../../src/application/jobs/update-job.ts';
import { changeContractStatus } from '../../src/application/monitoring/change-contract-status.ts';
import { contractSummary } from '../../src/application/monitoring/contract-summary.ts';
import { createContract } from '../../src/application/monitoring/create-contract.ts';
import { getContract } from '../../src/application/monitoring/get-contract.ts';
import { listContracts } from '../../src/application/monitoring/list-contracts.ts';
import { retryContractBilling } from '../../src/application/monitoring/retry-contract-billing.ts';
import { previewBillingRun, previewContractBilling } from '../../src/application/monitoring/preview-contract-billing.ts';
import { runBillingNow } from '../../src/application/monitoring/run-billing-now.ts';
import { updateContract } from '../../src/application/monitoring/update-contract.ts';
import { convertProposal } from '../../src/application/proposals/convert-proposal.ts';
import { createProposalFromBom } from '../../src/application/proposals/create-proposal-from-bom.ts';
import { getProposal, listProposals, proposalAudit } from '../../src/application/proposals/read-proposals.ts';
import { createProposal, duplicateProposal, updateProposal } from '../../src/application/proposals/save-proposal.ts';
import { proposalPdf, sendProposal } from '../../src/application/proposals/send-proposal.ts';
import { proposalCertificatePdf, proposalSignature } from '../../src/application/proposals/acceptance-files.ts';
import {
  listReminderLog,
  pauseReminders,
  reminderOverview,
  resumeReminders,
  retryReminder,
  runRemindersNow,
  saveReminderPolicy,
} from '../../src/application/reminders/manage-reminders.ts';
import { addTimeEntry } from '../../src/application/time/add-time-entry.ts';
import { approveEmployeeWeek, unlockEmployeeWeek } from '../../src/application/time/approve-week.ts';
import { editTimeEntry } from '../../src/application/time/edit-time-entry.ts';
import { getEmployeeWeek, getMyWeek } from '../../src/application/time/employee-week.ts';
import { exportTimeCsv } from '../../src/application/time/export-time-csv.ts';
import { clockIn, clockOut, endMyBreak, getMyClock, startMyBreak } from '../../src/application/time/my-clock.ts';
import { getWeekTimesheets } from '../../src/application/time/week-timesheets.ts';
import { getOutboxMail, listOutbox } from '../../src/application/admin/list-outbox.ts';
import { retryOutboxMail } from '../../src/application/admin/retry-outbox-mail.ts';
import { backOfficeCounts } from '../../src/application/admin/back-office-counts.ts';
import { readSiteStats } from '../../src/application/analytics/read-site-stats.ts';
import { watchSiteStats } from '../../src/application/analytics/watch-site-stats.ts';
import { cameraPlanPlaces } from '../../src/application/camera-plans/camera-plan-places.ts';
import { listMessages } from '../../src/application/contact/list-messages.ts';
import { changeMessageStatus } from '../../src/application/contact/change-message-status.ts';
import { watchOwnRecord } from '../../src/application/employees/watch-own-record.ts';
import { exportTaxReportPdf } from '../../src/application/invoices/export-tax-report-pdf.ts';
import { refundOnlinePayment } from '../../src/application/payments/refund-online-payment.ts';
import { confirmMyCard, getClientCard, getMyCard, removeMyCard, setClientAutoPay, startMyCardSetup, type CardDeps } from '../../src/application/payments/card-on-file.ts';
import { getLead } from '../../src/application/quotes/get-lead.ts';
import { listLeads } from '../../src/application/quotes/list-leads.ts';
import { openLeadPhoto } from '../../src/application/quotes/open-lead-photo.ts';
import { changeLeadStatus } from '../../src/application/quotes/change-lead-status.ts';
import { listReviews } from '../../src/application/reviews/list-reviews.ts';
import { moderateReview } from '../../src/application/reviews/moderate-review.ts';
import type { QuoteDeps } from '../../src/application/quotes/quote-deps.ts';
import type { ReviewDeps } from '../../src/application/reviews/review-deps.ts';
import type { AnalyticsDeps } from '../../src/application/analytics/analytics-deps.ts';
import type { BackOfficeDeps } from '../../src/application/admin/back-office-deps.ts';
import type { EmployeeRepository } from '../../src/domain/auth/employee-repository.ts';
import { analyseImage } from '../../src/application/vision/analyse-image.ts';
import { deleteVisionAnalysis } from '../../src/application/vision/delete-vision-analysis.ts';
import { getVisionAnalysis } from '../../src/application/vision/get-vision-analysis.ts';
import { analyseImageSource, listImageSources } from '../../src/application/vision/image-sources.ts';
import { listVisionAnalyses } from '../../src/application/vision/list-vision-analyses.ts';
import { openVisionImage } from '../../src/application/vision/open-vision-image.ts';
import { updateVisionAnalysis } from '../../src/application/vision/update-vision-analysis.ts';
import type { NotificationDeps } from '../../src/application/notifications/notification-deps.ts';
import { listNotifications, markNotificationsRead } from '../../src/application/notifications/office-notifications.ts';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from '../../src/application/notifications/notification-templates.ts';
import { getCustomerMessages, setCustomerMessages } from '../../src/application/notifications/customer-preferences.ts';
import { tellCustomerOnMyWay } from '../../src/application/jobs/on-my-way.ts';

// ---------------------------------------------------------------------------------------------
// The world the rows run in

interface Deps {
  clients: ClientDeps;
  jobs: JobDeps;
  inventory: InventoryViewDeps;
  invoices: InvoiceDeps;
  proposals: ProposalDeps;
  monitoring: MonitoringDeps;
  reminders: ReminderDeps;
  time: TimeDeps;
  employees: EmployeeDeps;
  plans: ExportPdfDeps & { clients: ClientDeps['clients'] };
  vision: ImageSourceDeps;
  files: SharedFilesDeps;
  quotes: QuoteDeps;
  reviews: ReviewDeps;
  analytics: AnalyticsDeps;
  backOffice: BackOfficeDeps;
  notifications: NotificationDeps;
  accounts: { employees: EmployeeRepository };
  portal: PortalDeps;
  cards: CardDeps;
}

/** Records made by an admin before the rows run, so a write that slipped through would land. */
interface Seeded {
  clientId: string;
  siteId: string;
  itemId: string;
  jobId: string;
  invoiceId: string;
  proposalId: string;
  planId: string;
  employeeId: string;
}

interface World {
  deps: Deps;
  seeded: Seeded;
}

type Need = Access | Permission;

interface Row {
  useCase: (...args: never[]) => unknown;
  /** What the use case needs; a list when it needs several at once (each is refused on its own). */
  needs: readonly Need[];
  call: (w: World, auth: AuthState) => unknown;
}

const row = <F extends (...args: never[]) => unknown>(useCase: F, need: Need | readonly Need[], call: (w: World, auth: AuthState) => unknown): Row => ({
  useCase,
  needs: (Array.isArray(need) ? need : [need]) as readonly Need[],
  call,
});

const VIEW_CLIENTS = 'viewClients';
const EDIT_CLIENTS = 'editClients';
const MISSING = 'missing-id';
/** Inputs past the access check: the check comes first, so their shape never matters to a refusal. */
const UNUSED = {} as never;
const WEEK = '2026-11-16';

// ---------------------------------------------------------------------------------------------
// One row per use case

const ROWS: readonly Row[] = [
  // clients
  row(listClients, VIEW_CLIENTS, (w, a) => listClients(w.deps.clients, a, { text: null, kind: null, tag: null, source: null, archived: 'all', sort: 'name', limit: 10, cursor: null } as never)),
  row(getClient, VIEW_CLIENTS, (w, a) => getClient(w.deps.clients, a, w.seeded.clientId)),
  row(getSite, VIEW_CLIENTS, (w, a) => getSite(w.deps.clients, a, w.seeded.clientId, w.seeded.siteId)),
  row(getClientRelated, VIEW_CLIENTS, (w, a) => getClientRelated(w.deps.clients, a, w.seeded.clientId)),
  row(exportClientsCsv, VIEW_CLIENTS, (w, a) => exportClientsCsv(w.deps.clients, a)),
  row(createClient, EDIT_CLIENTS, (w, a) => createClient(w.deps.clients, a, clientInputSchema.parse(aClientInput()))),
  row(updateClient, EDIT_CLIENTS, (w, a) => updateClient(w.deps.clients, a, w.seeded.clientId, { notes: 'changed' })),
  row(setClientArchived, EDIT_CLIENTS, (w, a) => setClientArchived(w.deps.clients, a, w.seeded.clientId, true)),
  row(deleteClient, EDIT_CLIENTS, (w, a) => deleteClient(w.deps.clients, a, w.seeded.clientId)),
  row(addSite, EDIT_CLIENTS, (w, a) => addSite(w.deps.clients, a, w.seeded.clientId, siteInputSchema.parse(aSiteInput()))),
  row(updateSite, EDIT_CLIENTS, (w, a) => updateSite(w.deps.clients, a, w.seeded.clientId, w.seeded.siteId, { label: 'Changed' })),
  row(removeSite, EDIT_CLIENTS, (w, a) => removeSite(w.deps.clients, a, w.seeded.clientId, w.seeded.siteId)),
  row(revealPasscode, EDIT_CLIENTS, (w, a) => revealPasscode(w.deps.clients, a, w.seeded.clientId, w.seeded.siteId)),
  row(previewClientImport, EDIT_CLIENTS, (w, a) => previewClientImport(w.deps.clients, a, 'name,kind\nAda,residential\n')),
  row(commitClientImport, EDIT_CLIENTS, (w, a) => commitClientImport(w.deps.clients, a, 'name,kind\nAda Import,residential\n')),
  row(convertLeadToClient, EDIT_CLIENTS, (w, a) => convertLeadToClient(w.deps.clients, a, MISSING)),

  // monitoring contracts (client records) and their billing runs
  row(listContracts, VIEW_CLIENTS, (w, a) => listContracts(w.deps.monitoring, a, { search: '', limit: 10 } as never)),
  row(getContract, VIEW_CLIENTS, (w, a) => getContract(w.deps.monitoring, a, MISSING)),
  row(contractSummary, VIEW_CLIENTS, (w, a) => contractSummary(w.deps.monitoring, a, { churnDays: 30, renewalDays: 30 })),
  row(createContract, EDIT_CLIENTS, (w, a) => createContract(w.deps.monitoring, a, UNUSED)),
  row(updateContract, EDIT_CLIENTS, (w, a) => updateContract(w.deps.monitoring, a, MISSING, UNUSED)),
  row(changeContractStatus, EDIT_CLIENTS, (w, a) => changeContractStatus(w.deps.monitoring, a, MISSING, UNUSED)),
  row(runBillingNow, ADMIN, (w, a) => runBillingNow(w.deps.monitoring, a)),
  row(retryContractBilling, ADMIN, (w, a) => retryContractBilling(w.deps.monitoring, a, MISSING, '2026-11')),
  row(previewBillingRun, ADMIN, (w, a) => previewBillingRun(w.deps.monitoring, a)),
  row(previewContractBilling, EDIT_CLIENTS, (w, a) => previewContractBilling(w.deps.monitoring, a, MISSING)),

  // jobs
  row(listJobs, 'viewJobs', (w, a) => listJobs(w.deps.jobs, a, { sort: 'created', direction: 'desc', limit: 10, cursor: null } as never)),
  row(jobBoard, 'viewJobs', (w, a) => jobBoard(w.deps.jobs, a, {} as never)),
  row(jobCalendar, 'viewJobs', (w, a) => jobCalendar(w.deps.jobs, a, { from: '2026-11-16T00:00:00Z', to: '2026-11-23T00:00:00Z', employeeId: null, type: null })),
  row(getJob, 'viewJobs', (w, a) => getJob(w.deps.jobs, a, w.seeded.jobId)),
  row(assignableEmployees, 'viewJobs', (w, a) => assignableEmployees(w.deps.jobs, a)),
  row(openJobFile, 'viewJobs', (w, a) => openJobFile(w.deps.jobs, a, w.seeded.jobId, 'signature')),
  row(jobSignOffPdf, 'viewJobs', (w, a) => jobSignOffPdf(w.deps.jobs, a, w.seeded.jobId)),
  row(clientOptions, 'editJobs', (w, a) => clientOptions(w.deps.jobs, a, 'a')),
  row(createJob, 'editJobs', (w, a) => createJob(w.deps.jobs, a, { clientId: w.seeded.clientId, siteId: w.seeded.siteId, type: 'install', title: 'Refused job' })),
  row(createTrimOut, 'editJobs', (w, a) => createTrimOut(w.deps.jobs, a, w.seeded.jobId)),
  row(updateJob, 'editJobs', (w, a) => updateJob(w.deps.jobs, a, w.seeded.jobId, { title: 'Changed' } as never)),
  row(changeJobStatus, 'editJobs', (w, a) => changeJobStatus(w.deps.jobs, a, w.seeded.jobId, 'cancelled')),
  row(scheduleAndAssign, 'editJobs', (w, a) => scheduleAndAssign(w.deps.jobs, a, w.seeded.jobId, { assignees: [w.seeded.employeeId] })),
  row(changeChecklist, 'editJobs', (w, a) => changeChecklist(w.deps.jobs, a, w.seeded.jobId, UNUSED)),
  row(addJobPhoto, 'editJobs', (w, a) => addJobPhoto(w.deps.jobs, a, w.seeded.jobId, UNUSED)),
  row(signOff, 'editJobs', (w, a) => signOff(w.deps.jobs, a, w.seeded.jobId, { name: 'Ada', signature: '' })),
  // The assignment and the visit's day are checked after access: a caller let through meets a 409 here.
  row(tellCustomerOnMyWay, 'editJobs', (w, a) => tellCustomerOnMyWay(w.deps.jobs, a, w.seeded.jobId)),
  // Technicians record what they installed without managing the stock room: editJobs alone.
  row(recordMaterial, 'editJobs', (w, a) => recordMaterial(w.deps.jobs, a, w.seeded.jobId, { itemId: w.seeded.itemId, quantity: 1 } as never)),
  row(myJobs, STAFF, (w, a) => myJobs(w.deps.jobs, a)),
  row(feedStatus, STAFF, (w, a) => feedStatus(w.deps.jobs, a, null)),
  row(regenerateFeed, STAFF, (w, a) => regenerateFeed(w.deps.jobs, a, null)),
  row(revokeFeed, STAFF, (w, a) => revokeFeed(w.deps.jobs, a, null)),

  // inventory
  row(listInventoryItems, 'viewInventory', (w, a) => listInventoryItems(w.deps.inventory, a, {} as never)),
  row(getInventoryItem, 'viewInventory', (w, a) => getInventoryItem(w.deps.inventory, a, w.seeded.itemId)),
  row(listStockMovements, 'viewInventory', (w, a) => listStockMovements(w.deps.inventory, a, w.seeded.itemId, { limit: 10, cursor: null })),
  row(getSerialHistory, 'viewInventory', (w, a) => getSerialHistory(w.deps.inventory, a, w.seeded.itemId, 'SN-1')),
  row(lowStockReport, 'viewInventory', (w, a) => lowStockReport(w.deps.inventory, a)),
  row(exportInventoryCsv, 'viewInventory', (w, a) => exportInventoryCsv(w.deps.inventory, a)),
  row(listContractHistory, 'viewClients', (w, a) => listContractHistory(w.deps.monitoring, a, 'no-such-contract')),
  row(createInventoryItem, 'editInventory', (w, a) => createInventoryItem(w.deps.inventory, a, itemDetails())),
  row(updateInventoryItem, 'editInventory', (w, a) => updateInventoryItem(w.deps.inventory, a, w.seeded.itemId, itemDetails())),
  row(recordStockMovement, 'editInventory', (w, a) => recordStockMovement(w.deps.inventory, a, w.seeded.itemId, { kind: 'receive', quantity: 5, reason: 'delivery' } as never)),
  row(reverseStockMovement, 'editInventory', (w, a) => reverseStockMovement(w.deps.inventory, a, w.seeded.itemId, 'no-such-movement', '')),

  // invoices
  row(listInvoices, 'viewInvoices', (w, a) => listInvoices(w.deps.invoices, a, {} as never)),
  row(getInvoice, 'viewInvoices', (w, a) => getInvoice(w.deps.invoices, a, w.seeded.invoiceId)),
  row(invoicePdf, 'viewInvoices', (w, a) => invoicePdf(w.deps.invoices, a, w.seeded.invoiceId)),
  row(taxReport, 'viewInvoices', (w, a) => taxReport(w.deps.invoices, a, UNUSED)),
  row(createInvoiceFromRequest, 'editInvoices', (w, a) => createInvoiceFromRequest(w.deps.invoices, a, { ...draftFields(), clientId: w.seeded.clientId } as never)),
  row(updateDraft, 'editInvoices', (w, a) => updateDraft(w.deps.invoices, a, w.seeded.invoiceId, draftFields({ title: 'Changed' }))),
  row(addPayment, 'editInvoices', (w, a) => addPayment(w.deps.invoices, a, w.seeded.invoiceId, UNUSED)),
  row(updatePayment, 'editInvoices', (w, a) => updatePayment(w.deps.invoices, a, w.seeded.invoiceId, 'no-such-payment', UNUSED)),
  row(deletePayment, 'editInvoices', (w, a) => deletePayment(w.deps.invoices, a, w.seeded.invoiceId, 'no-such-payment')),
  row(duplicateInvoice, 'editInvoices', (w, a) => duplicateInvoice(w.deps.invoices, a, w.seeded.invoiceId)),
  row(voidAnInvoice, 'editInvoices', (w, a) => voidAnInvoice(w.deps.invoices, a, w.seeded.invoiceId, 'refused')),
  row(sendInvoice, 'editInvoices', (w, a) => sendInvoice(w.deps.invoices, a, w.seeded.invoiceId, UNUSED)),
  row(invoiceSendPreview, 'editInvoices', (w, a) => invoiceSendPreview(w.deps.invoices, a, w.seeded.invoiceId)),
  row(createCreditNote, 'editInvoices', (w, a) => createCreditNote(w.deps.invoices, a, w.seeded.invoiceId, UNUSED)),
  row(revokeInvoiceLink, 'editInvoices', (w, a) => revokeInvoiceLink(w.deps.invoices, a, w.seeded.invoiceId)),
  row(rotateInvoiceLink, 'editInvoices', (w, a) => rotateInvoiceLink(w.deps.invoices, a, w.seeded.invoiceId)),
  row(refundOnlinePayment, 'editInvoices', (w, a) => refundOnlinePayment({ ...w.deps.invoices, provider: null }, a, w.seeded.invoiceId, 'no-such-payment', undefined)),

  // payment reminders (invoices)
  row(reminderOverview, 'viewInvoices', (w, a) => reminderOverview(w.deps.reminders, a, 14)),
  row(listReminderLog, 'viewInvoices', (w, a) => listReminderLog(w.deps.reminders, a, UNUSED)),
  row(saveReminderPolicy, 'editInvoices', (w, a) => saveReminderPolicy(w.deps.reminders, a, UNUSED)),
  row(pauseReminders, 'editInvoices', (w, a) => pauseReminders(w.deps.reminders, a, 'client', w.seeded.clientId)),
  row(resumeReminders, 'editInvoices', (w, a) => resumeReminders(w.deps.reminders, a, 'client', w.seeded.clientId)),
  row(runRemindersNow, 'editInvoices', (w, a) => runRemindersNow(w.deps.reminders, a)),
  row(retryReminder, 'editInvoices', (w, a) => retryReminder(w.deps.reminders, a, MISSING)),

  // proposals
  row(listProposals, 'viewProposals', (w, a) => listProposals(w.deps.proposals, a, {} as never)),
  row(getProposal, 'viewProposals', (w, a) => getProposal(w.deps.proposals, a, w.seeded.proposalId)),
  row(proposalAudit, 'viewProposals', (w, a) => proposalAudit(w.deps.proposals, a, w.seeded.proposalId)),
  row(proposalPdf, 'viewProposals', (w, a) => proposalPdf(w.deps.proposals, a, w.seeded.proposalId)),
  row(proposalCertificatePdf, 'viewProposals', (w, a) => proposalCertificatePdf(w.deps.proposals, a, w.seeded.proposalId)),
  row(proposalSignature, 'viewProposals', (w, a) => proposalSignature(w.deps.proposals, a, w.seeded.proposalId)),
  row(createProposal, 'editProposals', (w, a) => createProposal(w.deps.proposals, a, someContent({ clientId: w.seeded.clientId, siteId: w.seeded.siteId }))),
  row(updateProposal, 'editProposals', (w, a) => updateProposal(w.deps.proposals, a, w.seeded.proposalId, someContent({ clientId: w.seeded.clientId, siteId: w.seeded.siteId, title: 'Changed' }))),
  row(duplicateProposal, 'editProposals', (w, a) => duplicateProposal(w.deps.proposals, a, w.seeded.proposalId)),
  row(sendProposal, 'editProposals', (w, a) => sendProposal(w.deps.proposals, a, w.seeded.proposalId)),
  row(proposalSendPreview, 'editProposals', (w, a) => proposalSendPreview(w.deps.proposals, a, w.seeded.proposalId)),
  row(convertProposal, 'editProposals', (w, a) => convertProposal(w.deps.proposals, a, w.seeded.proposalId)),
  row(createProposalFromBom, 'editProposals', (w, a) => createProposalFromBom(w.deps.proposals, a, UNUSED)),
  row(revokeProposalLink, 'editProposals', (w, a) => revokeProposalLink(w.deps.proposals, a, w.seeded.proposalId)),
  row(rotateProposalLink, 'editProposals', (w, a) => rotateProposalLink(w.deps.proposals, a, w.seeded.proposalId)),

  // camera plans (part of proposals)
  row(listCameraPlans, 'viewProposals', (w, a) => listCameraPlans(w.deps.plans, a, {} as never)),
  row(getCameraPlan, 'viewProposals', (w, a) => getCameraPlan(w.deps.plans, a, w.seeded.planId)),
  row(cameraPlanBom, 'viewProposals', (w, a) => cameraPlanBom(w.deps.plans, a, w.seeded.planId)),
  row(openFloorPlan, 'viewProposals', (w, a) => openFloorPlan(w.deps.plans, a, w.seeded.planId)),
  row(exportCameraPlanPdf, 'viewProposals', (w, a) => exportCameraPlanPdf(w.deps.plans, a, w.seeded.planId)),
  row(createCameraPlan, 'editProposals', (w, a) => createCameraPlan(w.deps.plans, a, { clientId: w.seeded.clientId, siteId: w.seeded.siteId, name: 'Refused plan', gridWidthM: 20, gridHeightM: 10 })),
  row(saveCameraPlan, 'editProposals', (w, a) => saveCameraPlan(w.deps.plans, a, w.seeded.planId, 1, UNUSED)),
  row(uploadFloorPlan, 'editProposals', (w, a) => uploadFloorPlan(w.deps.plans, a, w.seeded.planId, 1, { bytes: new Uint8Array([1]), fileName: 'x.png' })),
  row(deleteCameraPlan, 'editProposals', (w, a) => deleteCameraPlan(w.deps.plans, a, w.seeded.planId)),

  // vision
  row(listVisionAnalyses, 'useVisionAi', (w, a) => listVisionAnalyses(w.deps.vision, a, {} as never)),
  row(getVisionAnalysis, 'useVisionAi', (w, a) => getVisionAnalysis(w.deps.vision, a, MISSING)),
  row(openVisionImage, 'useVisionAi', (w, a) => openVisionImage(w.deps.vision, a, MISSING)),
  row(updateVisionAnalysis, 'useVisionAi', (w, a) => updateVisionAnalysis(w.deps.vision, a, MISSING, UNUSED)),
  row(deleteVisionAnalysis, 'useVisionAi', (w, a) => deleteVisionAnalysis(w.deps.vision, a, MISSING)),
  row(analyseImage, 'useVisionAi', (w, a) => analyseImage(w.deps.vision, a, { bytes: new Uint8Array([0xff, 0xd8, 0xff]) })),
  row(listImageSources, 'useVisionAi', (w, a) => listImageSources(w.deps.vision, a, { clientId: w.seeded.clientId, siteId: null, jobId: null })),
  row(analyseImageSource, 'useVisionAi', (w, a) => analyseImageSource(w.deps.vision, a, { ref: 'bad', contractId: null, note: null })),

  // employees (admin only)
  row(listEmployees, ADMIN, (w, a) => listEmployees(w.deps.employees, a, {} as never)),
  row(getEmployee, ADMIN, (w, a) => getEmployee(w.deps.employees, a, w.seeded.employeeId)),
  row(listEmployeeAudit, ADMIN, (w, a) => listEmployeeAudit(w.deps.employees, a, w.seeded.employeeId)),
  row(createEmployee, ADMIN, (w, a) => createEmployee(w.deps.employees, a, UNUSED)),
  row(updateEmployee, ADMIN, (w, a) => updateEmployee(w.deps.employees, a, w.seeded.employeeId, { name: 'Changed' } as never)),
  row(deactivateEmployee, ADMIN, (w, a) => deactivateEmployee(w.deps.employees, a, w.seeded.employeeId)),

  // time: others' timesheets are admin-only, one's own clock is for staff
  row(getWeekTimesheets, ADMIN, (w, a) => getWeekTimesheets(w.deps.time, a, WEEK)),
  row(getEmployeeWeek, ADMIN, (w, a) => getEmployeeWeek(w.deps.time, a, w.seeded.employeeId, WEEK)),
  row(addTimeEntry, ADMIN, (w, a) => addTimeEntry(w.deps.time, a, w.seeded.employeeId, UNUSED, 'forgot')),
  row(editTimeEntry, ADMIN, (w, a) => editTimeEntry(w.deps.time, a, MISSING, UNUSED, 'typo')),
  row(approveEmployeeWeek, ADMIN, (w, a) => approveEmployeeWeek(w.deps.time, a, w.seeded.employeeId, WEEK)),
  row(unlockEmployeeWeek, ADMIN, (w, a) => unlockEmployeeWeek(w.deps.time, a, w.seeded.employeeId, WEEK, 'fix')),
  row(exportTimeCsv, ADMIN, (w, a) => exportTimeCsv(w.deps.time, a, { from: WEEK, to: '2026-11-22' } as never, 'entries')),
  row(getMyClock, STAFF, (w, a) => getMyClock(w.deps.time, a)),
  row(getMyWeek, STAFF, (w, a) => getMyWeek(w.deps.time, a, WEEK)),
  row(clockIn, STAFF, (w, a) => clockIn(w.deps.time, a, { jobId: null })),
  row(clockOut, STAFF, (w, a) => clockOut(w.deps.time, a, {})),
  row(startMyBreak, STAFF, (w, a) => startMyBreak(w.deps.time, a)),
  row(endMyBreak, STAFF, (w, a) => endMyBreak(w.deps.time, a)),

  // shared files: staff read, admins manage
  row(listSharedFiles, SHARED_FILES_ACCESS.read, (w, a) => listSharedFiles(w.deps.files, a, { search: '', sort: 'name', limit: 10 } as never)),
  row(getSharedFileMetadata, SHARED_FILES_ACCESS.read, (w, a) => getSharedFileMetadata(w.deps.files, a, 'shared-files/x')),
  row(openSharedFile, SHARED_FILES_ACCESS.read, (w, a) => openSharedFile(w.deps.files, a, 'shared-files/x')),
  row(uploadSharedFile, SHARED_FILES_ACCESS.manage, (w, a) => uploadSharedFile(w.deps.files, a, noParts())),
  row(createSharedFileLink, SHARED_FILES_ACCESS.manage, (w, a) => createSharedFileLink(w.deps.files, a, 'shared-files/x', 'http://x.test')),
  row(revokeSharedFileLink, SHARED_FILES_ACCESS.manage, (w, a) => revokeSharedFileLink(w.deps.files, a, 'shared-files/x', 'token')),
  row(deleteSharedFile, SHARED_FILES_ACCESS.manage, (w, a) => deleteSharedFile(w.deps.files, a, 'shared-files/x')),

  // leads, reviews, messages, the back-office inbox, site analytics
  row(listLeads, VIEW_CLIENTS, (w, a) => listLeads(w.deps.quotes, a, {})),
  row(getLead, VIEW_CLIENTS, (w, a) => getLead(w.deps.quotes, a, MISSING)),
  row(openLeadPhoto, VIEW_CLIENTS, (w, a) => openLeadPhoto(w.deps.quotes, a, { id: MISSING, index: 0 })),
  row(changeLeadStatus, EDIT_CLIENTS, (w, a) => changeLeadStatus(w.deps.quotes, a, { id: MISSING, status: 'contacted' })),
  row(listMessages, VIEW_CLIENTS, (w, a) => listMessages(w.deps.backOffice, a, {})),
  row(changeMessageStatus, EDIT_CLIENTS, (w, a) => changeMessageStatus(w.deps.backOffice, a, { id: MISSING, status: 'answered' })),
  row(listReviews, ADMIN, (w, a) => listReviews(w.deps.reviews, a, {})),
  row(moderateReview, ADMIN, (w, a) => moderateReview(w.deps.reviews, a, { id: MISSING, action: 'publish' })),
  row(backOfficeCounts, STAFF, (w, a) => backOfficeCounts(w.deps.backOffice, a)),
  row(listOutbox, ADMIN, (w, a) => listOutbox(w.deps.backOffice, a)),
  row(getOutboxMail, ADMIN, (w, a) => getOutboxMail(w.deps.backOffice, a, MISSING)),
  row(retryOutboxMail, ADMIN, (w, a) => retryOutboxMail(w.deps.backOffice, a, MISSING)),
  row(readSiteStats, ADMIN, (w, a) => readSiteStats(w.deps.analytics, a)),
  row(watchSiteStats, ADMIN, (w, a) => watchSiteStats(w.deps.analytics, a, { next: () => {}, error: () => {} })()),
  row(cameraPlanPlaces, 'viewProposals', (w, a) => cameraPlanPlaces(w.deps.plans, a, [])),
  row(exportTaxReportPdf, 'viewInvoices', (w, a) => exportTaxReportPdf(w.deps.invoices, a, UNUSED)),

  // notifications (docs/notifications.md)
  row(listNotifications, STAFF, (w, a) => listNotifications(w.deps.notifications, a)),
  row(markNotificationsRead, STAFF, (w, a) => markNotificationsRead(w.deps.notifications, a, { all: true })),
  row(listTemplates, ADMIN, (w, a) => listTemplates(w.deps.notifications, a)),
  row(saveTemplate, ADMIN, (w, a) => saveTemplate(w.deps.notifications, a, 'on-my-way', { subject: 'Changed', body: 'Changed', sms: 'Changed' })),
  row(resetTemplate, ADMIN, (w, a) => resetTemplate(w.deps.notifications, a, 'on-my-way')),
  row(previewTemplate, ADMIN, (w, a) => previewTemplate(w.deps.notifications, a, 'on-my-way', { subject: 'Hi', body: 'Hi', sms: 'Hi' })),
  row(getCustomerMessages, VIEW_CLIENTS, (w, a) => getCustomerMessages(w.deps.notifications, a, w.seeded.clientId)),
  row(setCustomerMessages, EDIT_CLIENTS, (w, a) => setCustomerMessages(w.deps.notifications, a, w.seeded.clientId, true)),
  // client hub (docs/portal.md): a verified e-mail; the seeded client is nobody's here, so a caller let through meets not-found
  row(listMyClients, CUSTOMER, (w, a) => listMyClients(w.deps.portal, a)),
  row(getPortalHub, CUSTOMER, (w, a) => getPortalHub(w.deps.portal, a, w.seeded.clientId)),
  row(portalInvoicePdf, CUSTOMER, (w, a) => portalInvoicePdf(w.deps.portal, a, w.seeded.clientId, w.seeded.invoiceId)),
  row(portalSignOffPdf, CUSTOMER, (w, a) => portalSignOffPdf(w.deps.portal, a, w.seeded.clientId, w.seeded.jobId)),
  row(portalCameraPlanPdf, CUSTOMER, (w, a) => portalCameraPlanPdf(w.deps.portal, a, w.seeded.clientId, w.seeded.planId)),
  row(requestService, CUSTOMER, (w, a) => requestService(w.deps.portal, a, w.seeded.clientId, { siteId: w.seeded.siteId, summary: 'Fix it', details: '', preferredTimes: '' })),
  row(updateContactDetails, CUSTOMER, (w, a) => updateContactDetails(w.deps.portal, a, w.seeded.clientId, UNUSED)),
  row(openJobFromServiceRequest, 'editJobs', (w, a) => openJobFromServiceRequest(w.deps.portal, a, MISSING)),
  row(documentViewer, CUSTOMER, (w, a) => documentViewer(w.deps.portal, a, 'invoice', MISSING)),
  // card on file (docs/payments.md): the customer's side through the portal's rule, the office's switch on the client record
  row(getMyCard, CUSTOMER, (w, a) => getMyCard(w.deps.cards, a, w.seeded.clientId)),
  row(startMyCardSetup, CUSTOMER, (w, a) => startMyCardSetup(w.deps.cards, a, w.seeded.clientId)),
  row(confirmMyCard, CUSTOMER, (w, a) => confirmMyCard(w.deps.cards, a, w.seeded.clientId, 'cs_missing')),
  row(removeMyCard, CUSTOMER, (w, a) => removeMyCard(w.deps.cards, a, w.seeded.clientId)),
  row(getClientCard, VIEW_CLIENTS, (w, a) => getClientCard(w.deps.cards, a, w.seeded.clientId)),
  row(setClientAutoPay, EDIT_CLIENTS, (w, a) => setClientAutoPay(w.deps.cards, a, w.seeded.clientId, false)),
];

async function* noParts(): AsyncIterable<never> {}

// ---------------------------------------------------------------------------------------------
// What is not a row, and why

/** Open to anyone by design: the public site, a customer's link, a calendar app's feed. */
const PUBLIC_USE_CASES: Readonly<Record<string, string>> = {
  'analytics/record-page-view.ts#recordPageView': 'the public site counts its own page views',
  'contact/send-contact-message.ts#sendContactMessage': 'the public contact form',
  'quotes/submit-quote-request.ts#submitQuoteRequest': 'the public quote form',
  'reviews/submit-review.ts#submitReview': 'the public review form',
  'reviews/read-published-reviews.ts#readPublishedReviews': 'the public site shows published reviews',
  'proposals/respond-to-proposal.ts#viewPublicProposal': "the customer's unguessable proposal link",
  'proposals/respond-to-proposal.ts#acceptPublicProposal': "the customer's unguessable proposal link",
  'proposals/respond-to-proposal.ts#declinePublicProposal': "the customer's unguessable proposal link",
  'proposals/respond-to-proposal.ts#publicProposalPdf': "the customer's unguessable proposal link",
  'invoices/read-invoices.ts#publicInvoice': "the customer's unguessable invoice link",
  'invoices/read-invoices.ts#publicInvoicePdf': "the customer's unguessable invoice link",
  'payments/start-checkout.ts#startCheckout': "Pay on the customer's unguessable invoice link",
  'payments/payment-status.ts#publicPaymentStatus': "the customer's unguessable invoice link, back from the provider",
  'payments/receive-payment-webhook.ts#receivePaymentWebhook': "the payment provider's webhook: its signature over the body is the key",
  'jobs/calendar-feeds.ts#renderFeed': "a calendar app holding the feed's secret token",
  'files/read-shared-files.ts#openSharedFileByToken': "anyone holding the file's download token",
  'contact/send-support-request.ts#sendSupportRequest': 'the public support form',
  'notifications/customer-preferences.ts#unsubscribeWithToken': "the signed unsubscribe link in a customer's mail",
  'notifications/customer-preferences.ts#unsubscribeLinkStatus': "the signed unsubscribe link in a customer's mail (the page before the button)",
  'portal/sign-in-link.ts#requestSignInLink': 'a customer asks for a sign-in link (same answer for every address)',
  'portal/sign-in-link.ts#signInWithLink': 'the e-mailed one-time link is the credential',
};

/**
 * Staff use cases another engineer gives an `auth` parameter in parallel (issue 13: quotes,
 * reviews, contact, the back-office inbox); each becomes a row when that lands.
 */
const AWAITING_AUTH: Readonly<Record<string, string>> = {};

/** Not use cases: helpers the use cases share, steps they run after their own check, the scheduler's work, views, ports. */
const NOT_USE_CASES: Readonly<Record<string, readonly string[]>> = {
  // Any signed-in person watches their own record (requireSignedIn): see the signed-out case below.
  'employees/watch-own-record.ts': ['watchOwnRecord'],
  'shared/field-errors.ts': ['dottedPath', 'fieldErrors', 'topLevelField', 'validationError'],
  'shared/require-access.ts': ['actorOf', 'mayAccess', 'requireAccess', 'requireSignedIn'],
  'shared/csv.ts': ['CsvNumber', 'csvMoney', 'csvNumber', 'csvRows', 'escapeCsvText', 'readCsv', 'unescapeCsvText'],
  'camera-plans/camera-plan-access.ts': ['canEditPlans', 'findPlan'],
  'camera-plans/camera-plan-bom.ts': ['bomForPlan'],
  'clients/client-changes.ts': ['buildClient', 'buildSite', 'clientChanges', 'patchClient', 'patchSite', 'siteChanges'],
  'clients/client-csv.ts': ['clientImportTemplateCsv', 'clientsToCsvLines', 'csvHeaderLine', 'parseClientCsv'],
  'clients/import-duplicates.ts': ['findImportDuplicates'],
  'clients/client-directory.ts': ['createClientDirectory'],
  'clients/client-views.ts': ['clientSummary', 'clientView', 'directoryClient', 'directorySite', 'siteView'],
  'clients/get-client.ts': ['loadClient'],
  'clients/update-site.ts': ['siteNotFound'],
  'demo/seed-demo-data.ts': ['seedDemoData'],
  // The public accept/decline use cases' step after they saved the answer.
  'proposals/notify-office-of-response.ts': ['notifyOfficeOfResponse'],
  // The notifier is what use cases call after their own check; the reminder job is the scheduler's.
  'notifications/notify.ts': ['createNotifier', 'currentTemplate', 'visitWindow'],
  'notifications/visit-reminders.ts': ['runVisitReminders'],
  'demo/seed-inventory.ts': ['seedInventory'],
  'employees/employee-change.ts': ['assertEmailFree', 'auditEmployee', 'changeEmployee', 'employeeNotFound', 'getEmployeeOrFail'],
  'files/shared-file-access.ts': ['isSharedFilePath', 'mayManageSharedFiles', 'sharedFilePath'],
  // The movement step that jobs and proposals run once their own use case has checked.
  'inventory/apply-stock-movement.ts': ['applyStockMovement'],
  // createInvoice/markInvoiceSent/changeInvoice take an Actor: steps of checked use cases and of contract billing.
  'invoices/change-invoice.ts': ['changeInvoice', 'markInvoiceSent'],
  'invoices/create-invoice.ts': ['InvoiceIssuerService', 'createInvoice'],
  'invoices/invoice-deps.ts': ['billToOf', 'calendarOf', 'publicLink', 'renderInvoicePdf', 'todayOf'],
  'invoices/read-invoices.ts': ['viewOf', 'publicFound'],
  'payments/payment-deps.ts': ['providerActor'],
  'invoices/send-invoice.ts': ['invoiceMailSubject'],
  'invoices/tax-report.ts': ['taxReportCsv'],
  'jobs/create-job.ts': ['createJobCreator', 'oneLineAddress'],
  'jobs/job-deps.ts': ['auditJob', 'jobChanges', 'loadJob', 'withClientPhone'],
  'jobs/schedule-job.ts': ['bookingWarnings'],
  'monitoring/contract-audit.ts': ['recordContractAudit'],
  'monitoring/create-contract.ts': ['resolveParties'],
  'monitoring/generate-due-contract-invoices.ts': ['billContractNow', 'generateDueContractInvoices'],
  'monitoring/get-contract.ts': ['invoiceView'],
  'monitoring/mark-past-due-contracts.ts': ['markPastDueContracts'],
  'monitoring/monitoring-deps.ts': ['contractPeriodKey', 'contractScope'],
  'monitoring/run-billing-now.ts': ['runContractBilling'],
  'proposals/convert-proposal.ts': ['reservations'],
  'proposals/create-proposal-from-bom.ts': ['addDays'],
  'proposals/proposal-deps.ts': ['audit', 'clientActor', 'publicLink', 'today'],
  'proposals/proposal-views.ts': ['loadProposal', 'presented', 'proposalPdfBytes', 'siteAddressOf', 'toView'],
  // Steps of the public accept use case (and of the staff certificate read, which checks first).
  'proposals/signed-acceptance.ts': ['businessTime', 'certifiedPdf', 'completeSignedAcceptance', 'sha256Hex'],
  // Steps of the public acceptance (the token is the key) and of conversion (editProposals): the deposit invoice, once.
  'proposals/deposit-invoice.ts': ['depositInvoiceInput', 'depositInvoiceState', 'ensureDepositInvoice'],
  // A system step of the monitoring billing run (no person acts): charges a saved card off-session.
  // and its retries, the scheduler's job (claimed per attempt; docs/payments.md "Retries").
  'payments/auto-pay-invoice.ts': ['autoPayInvoice', 'autoPayKey', 'retryDueAutoPayments', 'startAutoPay'],
  // A step of the webhook and of auto-pay: books a card payment the provider confirmed, once per reference.
  'payments/book-card-payment.ts': ['bookCardPayment'],
  // The billing run's question (a system step): is this client on auto-pay with a card, and which card.
  'payments/card-on-file.ts': ['autoPayCardOf'],
  'proposals/save-proposal.ts': ['insertProposal'],
  'proposals/send-proposal.ts': ['pdfFileName'],
  'reminders/invoice-reminder-source.ts': ['InvoiceReminderSource'],
  'reminders/manage-reminders.ts': ['isStuck'],
  'reminders/run-payment-reminders.ts': ['currentPolicy', 'runPaymentReminders', 'upcomingReminders'],
  'schedule/run-once.ts': ['runOnce'],
  'schedule/scheduler.ts': ['createScheduler'],
  'time/employee-week.ts': ['buildEmployeeWeek'],
  'time/entry-view.ts': ['entryView'],
  'time/export-time-csv.ts': ['exportRange'],
  'time/time-deps.ts': ['clockingWorker', 'getEmployeeOrFail', 'requireWorker', 'resolveWeek'],
  'time/week-timesheets.ts': ['buildWeekTimesheets'],
  'vision/vision-access.ts': ['findAnalysis'],
  'camera-plans/export-camera-plan-pdf.ts': ['renderCameraPlanPdf'],
  'portal/portal-deps.ts': ['contactIndexOf', 'notYours', 'ownedClient'],
  'jobs/sign-off-document.ts': ['technicianNames', 'renderSignOffDocument'],
};

// ---------------------------------------------------------------------------------------------
// Callers

const SIGNED_OUT: AuthState = { kind: 'signed-out' };
const OTHER: AuthState = { kind: 'other', user: aUser() };

function employeeWith(granted: readonly Permission[]): AuthState {
  const user = aUser();
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, granted.includes(p)]));
  return { kind: 'employee', user, employee: anEmployee(user.email!, { permissions }) };
}

const ADMIN_CALLER: AuthState = { kind: 'admin', user: aUser({ displayName: 'Frank Miller' }) };
const label = (need: Need): string => {
  const a = asAccess(need);
  return a.kind === 'permission' ? a.permission : a.kind;
};

/** Signed-in callers that lack `needs`: an 'other' user, and one just short of each need. */
function lacking(needs: readonly Need[]): { who: string; auth: AuthState }[] {
  // A customer is any verified e-mail: the one signed-in caller short of it has an unverified e-mail.
  if (needs.map(asAccess).some((a) => a.kind === 'customer')) return [{ who: "an 'other' user with an unverified e-mail", auth: { kind: 'other', user: aUser({ emailVerified: false }) } }];
  const out = [{ who: "an 'other' user", auth: OTHER }];
  for (const need of needs.map(asAccess)) {
    if (need.kind === 'permission') out.push({ who: `an employee with every permission but ${need.permission}`, auth: employeeWith(PERMISSIONS.filter((p) => p !== need.permission)) });
    if (need.kind === 'admin') out.push({ who: 'an employee with every permission', auth: employeeWith(PERMISSIONS) });
  }
  return out;
}

/** The least caller that has `needs`. */
function holding(needs: readonly Need[]): AuthState {
  const access = needs.map(asAccess);
  if (access.some((a) => a.kind === 'admin')) return ADMIN_CALLER;
  if (access.some((a) => a.kind === 'customer')) return OTHER;
  return employeeWith(access.flatMap((a) => (a.kind === 'permission' ? [a.permission] : [])));
}

// ---------------------------------------------------------------------------------------------
// Running a row and watching for writes

/** Calls the use case; a returned stream is read to the end, so a lazily checked one counts too. */
async function run(call: () => unknown): Promise<unknown> {
  const result = await call();
  if (result !== null && typeof result === 'object' && Symbol.asyncIterator in result) {
    for await (const chunk of result as AsyncIterable<unknown>) void chunk;
  }
  return result;
}

function walk(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Every row of every table and every stored file, as one hash. */
function snapshot(config: AppConfig): string {
  const hash = createHash('sha256');
  if (config.database.kind !== 'sqlite') throw new Error('this test runs on SQLite');
  const db = new Database(config.database.file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
    for (const { name } of tables) {
      hash.update(name);
      const rows = db.prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`).raw().all();
      for (const r of rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v))).sort()) hash.update(r);
    }
  } finally {
    db.close();
  }
  const files = join(config.dataDir, 'files');
  for (const f of walk(files).sort()) hash.update(relative(files, f)).update(readFileSync(f));
  return hash.digest('hex');
}

/** The names in a function's parameter list, as the compiled source spells them. */
function parameterNames(fn: unknown): string[] {
  const params = /\(([^)]*)\)/.exec(String(fn))?.[1] ?? '';
  return params.split(',').map((p) => p.trim().split(/[\s=:]/)[0]!);
}

// ---------------------------------------------------------------------------------------------

describe('every use case refuses a caller without the right access', () => {
  const dir = tempDir('shieldline-access-');
  let container: AppContainer;
  let config: AppConfig;
  let world: World;

  beforeAll(async () => {
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir.path, DEMO_DATA: 'true' });
    container = await buildContainer(config);
    const clock = container.resolve(TOKENS.Clock);
    const files = container.resolve(TOKENS.Files);
    const baseUrl = 'http://shieldline.test';
    const deps: Deps = {
      clients: container.resolve(TOKENS.ClientDeps),
      jobs: container.resolve(TOKENS.JobDeps),
      inventory: container.resolve(TOKENS.InventoryDeps),
      invoices: { ...container.resolve(TOKENS.InvoiceDeps), baseUrl },
      proposals: { ...container.resolve(TOKENS.ProposalDeps), jobs: container.resolve(TOKENS.JobCreator), invoices: container.resolve(TOKENS.InvoiceIssuer), baseUrl },
      monitoring: container.resolve(TOKENS.Monitoring),
      reminders: container.resolve(TOKENS.ReminderDeps),
      time: container.resolve(TOKENS.TimeDeps),
      employees: container.resolve(TOKENS.EmployeeDeps),
      plans: {
        plans: container.resolve(TOKENS.CameraPlans),
        clients: container.resolve(TOKENS.Clients),
        inventory: container.resolve(TOKENS.Inventory),
        files,
        pdf: container.resolve(TOKENS.CameraPlanPdf),
        clock,
        timeZone: config.timeZone,
      },
      vision: {
        // Never reached by a refused caller; a caller let through meets a detector that is not there.
        detector: () => {
          throw new Error('no detector in this test');
        },
        files,
        analyses: container.resolve(TOKENS.VisionAnalyses),
        maxImageBytes: config.vision.maxImageBytes,
        jobs: container.resolve(TOKENS.JobDeps).jobs,
        clients: container.resolve(TOKENS.Clients),
        leads: container.resolve(TOKENS.Leads),
        names: container.resolve(TOKENS.VisionDeps).names,
      },
      files: { files },
      quotes: container.resolve(TOKENS.QuoteDeps),
      reviews: container.resolve(TOKENS.ReviewDeps),
      analytics: container.resolve(TOKENS.AnalyticsDeps),
      backOffice: container.resolve(TOKENS.BackOfficeDeps),
      notifications: container.resolve(TOKENS.NotificationDeps),
      accounts: { employees: container.resolve(TOKENS.Employees) },
      portal: container.resolve(TOKENS.PortalDeps),
      cards: container.resolve(TOKENS.CardDeps),
    };
    const client = await createClient(deps.clients, ADMIN_CALLER, clientInputSchema.parse(aClientInput({ sites: [aSiteInput()] })));
    const siteId = client.sites[0]!.id;
    const item = await createInventoryItem(deps.inventory, ADMIN_CALLER, itemDetails());
    const job = await createJob(deps.jobs, ADMIN_CALLER, { clientId: client.id, siteId, type: 'prewire', title: 'Seeded prewire' });
    const invoice = await createInvoiceFromRequest(deps.invoices, ADMIN_CALLER, { ...draftFields(), clientId: client.id } as never);
    const proposal = await createProposal(deps.proposals, ADMIN_CALLER, someContent({ clientId: client.id, siteId }));
    const plan = await createCameraPlan(deps.plans, ADMIN_CALLER, { clientId: client.id, siteId, name: 'Seeded plan', gridWidthM: 20, gridHeightM: 10 });
    world = {
      deps,
      seeded: { clientId: client.id, siteId, itemId: item.id, jobId: job.id, invoiceId: invoice.id, proposalId: proposal.id, planId: plan.id, employeeId: 'emp-maria' },
    };
  });

  afterAll(async () => {
    await container?.close();
    dir.remove();
  });

  describe.each(ROWS.map((r) => [r.useCase.name, r.needs.map(label).join(' + '), r] as const))('%s (needs %s)', (_name, _needs, r) => {
    it('refuses a signed-out caller, writing nothing', async () => {
      const before = snapshot(config);
      await expect(run(() => r.call(world, SIGNED_OUT))).rejects.toMatchObject({ code: 'unauthenticated' });
      expect(snapshot(config)).toBe(before);
    });

    it.each(lacking(r.needs))('refuses $who, writing nothing', async ({ auth }) => {
      const before = snapshot(config);
      await expect(run(() => r.call(world, auth))).rejects.toMatchObject({ code: 'forbidden' });
      expect(snapshot(config)).toBe(before);
    });

    it('lets the least caller holding the need past the check', async () => {
      const outcome = await run(() => r.call(world, holding(r.needs))).then(
        () => 'done',
        (e: unknown) => (e as { code?: unknown }).code,
      );
      expect(outcome).not.toBe('unauthenticated');
      expect(outcome).not.toBe('forbidden');
    });
  });

  it("watchOwnRecord (the session's live stream) refuses a signed-out caller and lets any signed-in person watch their own record", () => {
    const listener = { next: () => {}, error: () => {} };
    expect(() => watchOwnRecord(world.deps.accounts, SIGNED_OUT, listener)).toThrow(expect.objectContaining({ code: 'unauthenticated' }));
    const stop = watchOwnRecord(world.deps.accounts, OTHER, listener);
    expect(stop === null || typeof stop === 'function').toBe(true);
    stop?.();
  });

  it('has a row for every exported use case in src/application', async () => {
    const root = join(process.cwd(), 'src', 'application');
    const covered = new Set<unknown>(ROWS.map((r) => r.useCase));
    const unclassified: string[] = [];
    const awaitingDone: string[] = [];
    const stale = new Set([...Object.keys(PUBLIC_USE_CASES), ...Object.keys(AWAITING_AUTH), ...Object.entries(NOT_USE_CASES).flatMap(([f, names]) => names.map((n) => `${f}#${n}`))]);
    for (const file of walk(root).filter((f) => f.endsWith('.ts')).sort()) {
      const path = relative(root, file).split('\\').join('/');
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (typeof value !== 'function') continue;
        const key = `${path}#${name}`;
        stale.delete(key);
        if (key in AWAITING_AUTH && parameterNames(value).includes('auth')) awaitingDone.push(key);
        if (covered.has(value) || key in PUBLIC_USE_CASES || key in AWAITING_AUTH || NOT_USE_CASES[path]?.includes(name)) continue;
        unclassified.push(key);
      }
    }
    expect(unclassified, 'exported from src/application with no row here: add a row (or name it public or a helper, with the reason)').toEqual([]);
    expect([...stale], 'named here but no longer exported').toEqual([]);
    expect(awaitingDone, 'these take auth now: move them from AWAITING_AUTH to a row').toEqual([]);
  });
});
