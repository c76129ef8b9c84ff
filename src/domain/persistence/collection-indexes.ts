/**
 * The indexes behind every query the product makes, declared once as data. Both adapters read
 * this list when they open: SQLite builds expression indexes over json_extract, MongoDB calls
 * createIndex. A feature that adds a query adds its index here.
 *
 * `ttl` names an ISO-timestamp field after which a document may be removed by the database
 * (sessions); stores still check expiry on read, since removal runs about once a minute.
 */
export interface IndexField {
  path: string;
  direction?: 'asc' | 'desc';
}

export interface CollectionIndex {
  collection: string;
  fields: IndexField[];
  unique?: boolean;
  /**
   * Every document of the collection holds the (first) field, never null. MongoDB then builds the
   * unique index without a partial filter, so it also serves unfiltered sorts on the field
   * (a partial index is only used by queries that filter on it). SQLite is unaffected.
   */
  present?: boolean;
}

export interface TtlIndex {
  collection: string;
  field: string;
}

const desc = (path: string): IndexField => ({ path, direction: 'desc' });
const asc = (path: string): IndexField => ({ path });

export const COLLECTION_INDEXES: CollectionIndex[] = [
  { collection: 'employees', fields: [asc('email')], unique: true, present: true },
  { collection: 'employees', fields: [asc('name')] },
  { collection: 'employees', fields: [asc('employmentStatus'), asc('name')] },
  { collection: 'contact_messages', fields: [asc('status'), desc('createdAt')] },
  { collection: 'contact_messages', fields: [asc('kind'), desc('createdAt')] },
  { collection: 'contact_messages', fields: [asc('status'), asc('kind'), desc('createdAt')] },
  { collection: 'outbox', fields: [asc('sentAt'), asc('id')] },
  // The outbox (docs/operations.md "Mail"): the screen's status filter, and the delivery job's due and stuck attempts.
  { collection: 'outbox', fields: [asc('status'), asc('sentAt'), asc('id')] },
  { collection: 'outbox', fields: [asc('status'), asc('nextAttemptAt')] },
  { collection: 'outbox', fields: [asc('status'), asc('claimedAt')] },
  { collection: 'sessions', fields: [asc('expiresAt')] },
  { collection: 'rate_limits', fields: [asc('expiresAt')] },
  // Analytics, one record per day (adapters/documents/document-site-stats-repository.ts): summed in day order.
  { collection: 'analytics_days', fields: [asc('day')] },
  { collection: 'quote_requests', fields: [asc('status'), desc('createdAt')] },
  { collection: 'reviews', fields: [asc('status'), desc('createdAt')] },
  { collection: 'reviews', fields: [asc('status'), desc('publishedAt')] },
  { collection: 'reviews', fields: [asc('status'), asc('rating')] },
  { collection: 'proposals', fields: [asc('number')], unique: true, present: true },
  { collection: 'proposals', fields: [asc('status'), desc('createdAt')] },
  { collection: 'proposals', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'proposals', fields: [asc('publicToken')], unique: true },
  { collection: 'jobs', fields: [asc('number')], unique: true, present: true },
  { collection: 'jobs', fields: [asc('scheduledStart'), asc('id')] },
  { collection: 'jobs', fields: [asc('assignees')] },
  { collection: 'jobs', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'invoices', fields: [asc('number')], unique: true, present: true },
  { collection: 'invoices', fields: [asc('status'), asc('dueDate')] },
  { collection: 'invoices', fields: [asc('dueDate'), asc('id')] },
  { collection: 'invoices', fields: [asc('clientId'), desc('issueDate')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('nextBillingDate')] },
  // Auto-pay retries (docs/payments.md "Retries"): the scheduler's due and cut-short attempts, and an invoice's attempts.
  { collection: 'auto_pay_attempts', fields: [asc('status'), asc('nextAttemptAt')] },
  { collection: 'auto_pay_attempts', fields: [asc('status'), asc('at')] },
  { collection: 'auto_pay_attempts', fields: [asc('invoiceId'), asc('attempt')] },
  { collection: 'auto_pay_attempts', fields: [asc('clientId'), desc('at')] },
  { collection: 'inventory_items', fields: [asc('sku')], unique: true, present: true },
  { collection: 'inventory_items', fields: [asc('nameKey'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('nameKey')] },
  { collection: 'inventory_items', fields: [asc('lowStock'), asc('sku')] },
  { collection: 'stock_movements', fields: [asc('itemId'), desc('createdAt')] },
  { collection: 'stock_movements', fields: [asc('jobId'), desc('createdAt')] },
  { collection: 'serial_numbers', fields: [asc('itemId'), asc('serial')] },
  { collection: 'serial_numbers', fields: [asc('jobId')] },
  { collection: 'time_entries', fields: [asc('employeeId'), desc('clockIn')] },
  { collection: 'time_entries', fields: [asc('jobId')] },
  // Time tracking (docs/time-tracking.md): everyone's entries of a week, and approvals by week.
  { collection: 'time_entries', fields: [asc('clockIn')] },
  { collection: 'time_weeks', fields: [asc('weekStart')] },
  { collection: 'audit_log', fields: [asc('entity'), asc('entityId'), desc('at')] },
  { collection: 'vision_analyses', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('siteId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('jobId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('contractId'), desc('createdAt')] },
  // Multikey in MongoDB (array-contains on labels); SQLite reads document_terms (TERM_INDEXES).
  { collection: 'vision_analyses', fields: [asc('labels'), desc('createdAt')] },
  // Payment reminders: the log per invoice, and newest-first lists filtered by outcome.
  { collection: 'reminder_log', fields: [asc('invoiceId'), desc('at')] },
  { collection: 'reminder_log', fields: [asc('at'), asc('id')] },
  { collection: 'reminder_log', fields: [asc('status'), desc('at')] },
  { collection: 'reminder_pauses', fields: [asc('pausedAt'), asc('id')] },
  { collection: 'camera_plans', fields: [asc('clientId'), desc('updatedAt')] },
  { collection: 'camera_plans', fields: [asc('clientId'), asc('siteId'), desc('updatedAt')] },
  // Client lists (docs/clients.md): each filter combination the list offers, ending in the sort
  // key and id so pages come straight off the index in either direction.
  { collection: 'clients', fields: [asc('status'), asc('nameKey'), asc('id')] },
  { collection: 'clients', fields: [asc('status'), asc('createdAt'), asc('id')] },
  { collection: 'clients', fields: [asc('nameKey'), asc('id')] },
  { collection: 'clients', fields: [asc('kind'), asc('status'), asc('nameKey'), asc('id')] },
  { collection: 'clients', fields: [asc('source'), asc('status'), asc('nameKey'), asc('id')] },
  // Client search: one document per search term; prefix search is a range over `term`.
  { collection: 'client_terms', fields: [asc('term'), asc('nameKey'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('clientId'), desc('createdAt')] },
  // Monitoring list: each status filter × sort key; search is array-contains on keywords.
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('createdAt')] },
  { collection: 'monitoring_contracts', fields: [asc('clientNameKey'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('clientNameKey'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('keywords'), asc('createdAt')] },
  // Scheduler idempotency records: per contract (scope) and the admin's stuck/failed list.
  { collection: 'idempotency_keys', fields: [asc('scope'), desc('claimedAt')] },
  { collection: 'idempotency_keys', fields: [asc('status'), asc('claimedAt')] },
  { collection: 'invoices', fields: [asc('source.kind'), asc('dueDate')] },
  { collection: 'invoices', fields: [asc('source.id'), asc('source.period')] },
  // Invoices (docs/money.md): list sorts, the public link, tax reports by issue and payment date.
  { collection: 'invoice_tax_entries', fields: [asc('issueDate'), asc('id')] },
  { collection: 'invoice_tax_entries', fields: [asc('lastPaymentDate'), asc('id')] },
  { collection: 'invoices', fields: [asc('publicToken')] },
  { collection: 'invoices', fields: [asc('status'), asc('issueDate')] },
  { collection: 'invoices', fields: [asc('clientNameKey'), asc('id')] },
  // Job tracker (docs/jobs.md): the list's default sort, the status/type filters on it, and the
  // board's columns (status + scheduledStart above) ending in id for keyset pages.
  { collection: 'jobs', fields: [asc('seq'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('seq'), asc('id')] },
  { collection: 'jobs', fields: [asc('type'), asc('seq'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('scheduledStart'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('type'), asc('scheduledStart'), asc('id')] },
  { collection: 'calendar_feeds', fields: [asc('tokenHash')], unique: true },
  // One document per (job, assignee): the board, calendar, dashboard and feed filtered by employee.
  { collection: 'job_assignments', fields: [asc('employeeId'), asc('status'), asc('scheduledStart'), asc('id')] },
  { collection: 'job_assignments', fields: [asc('employeeId'), asc('scheduledStart'), asc('id')] },
  // Index audit: each list's sorts, alone and after its equality filters, ascending and ending in
  // id, so one index serves both directions and the id tie-break in SQLite and MongoDB. SQLite
  // reads them for unfiltered sorts too (sqlite-index-manager.ts); createdAt/updatedAt alone are
  // built in (documents_created/updated; MongoDB: ensureIndexes adds them for every collection).
  { collection: 'invoices', fields: [asc('issueDate'), asc('id')] },
  { collection: 'invoices', fields: [asc('totalCents'), asc('id')] },
  { collection: 'invoices', fields: [asc('balanceCents'), asc('id')] },
  { collection: 'invoices', fields: [asc('status'), asc('number'), asc('id')] },
  { collection: 'invoices', fields: [asc('status'), asc('totalCents'), asc('id')] },
  { collection: 'invoices', fields: [asc('status'), asc('balanceCents'), asc('id')] },
  { collection: 'invoices', fields: [asc('status'), asc('clientNameKey'), asc('id')] },
  { collection: 'proposals', fields: [asc('validUntil'), asc('id')] },
  { collection: 'proposals', fields: [asc('status'), asc('validUntil'), asc('id')] },
  { collection: 'proposals', fields: [asc('status'), asc('number'), asc('id')] },
  { collection: 'proposals', fields: [asc('status'), asc('updatedAt'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('onHand'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('available'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('unitPriceCents'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('sku'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('onHand'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('available'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('unitPriceCents'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('category'), asc('updatedAt'), asc('id')] },
  { collection: 'inventory_items', fields: [asc('lowStock'), asc('nameKey'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('plan'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('monthlyFeeCents'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('startDate'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('plan'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('monthlyFeeCents'), asc('id')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('startDate'), asc('id')] },
  { collection: 'jobs', fields: [asc('type'), asc('scheduledStart'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('type'), asc('seq'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('createdAt'), asc('id')] },
  { collection: 'jobs', fields: [asc('status'), asc('updatedAt'), asc('id')] },
  { collection: 'clients', fields: [asc('kind'), asc('nameKey'), asc('id')] },
  { collection: 'clients', fields: [asc('source'), asc('nameKey'), asc('id')] },
  { collection: 'clients', fields: [asc('kind'), asc('createdAt'), asc('id')] },
  { collection: 'clients', fields: [asc('source'), asc('createdAt'), asc('id')] },
  { collection: 'clients', fields: [asc('kind'), asc('status'), asc('createdAt'), asc('id')] },
  { collection: 'clients', fields: [asc('source'), asc('status'), asc('createdAt'), asc('id')] },
  { collection: 'camera_plans', fields: [asc('siteId'), asc('updatedAt'), asc('id')] },
  { collection: 'employees', fields: [asc('employmentStatus'), asc('email'), asc('id')] },
  { collection: 'employees', fields: [asc('employmentStatus'), asc('createdAt'), asc('id')] },
  { collection: 'employees', fields: [asc('employmentStatus'), asc('updatedAt'), asc('id')] },
  // Notifications (docs/notifications.md): one per idempotency key; the bell reads newest first.
  { collection: 'notifications', fields: [asc('key')], unique: true, present: true },
  { collection: 'notifications', fields: [asc('createdAt'), asc('id')] },
];

/**
 * Term indexes: a string-array field (e.g. a client's normalised search words) whose elements are
 * indexed one by one, so `array-contains-prefix` and `array-contains` (a string) filters on it
 * (all of them, intersected) are index reads. MongoDB: a multikey index on the field. SQLite:
 * rows of the `document_terms` table, kept in step by triggers in the same statement as the
 * document (SQLite builds no COLLECTION_INDEXES entry over such a field: the JSON text of a
 * whole array is no use to a filter).
 */
export interface TermIndex {
  collection: string;
  field: string;
}

/** Term-indexed fields by collection (assignees, labels and keywords serve exact word / member filters). */
const TERM_FIELDS: Record<string, string[]> = {
  clients: ['search'], jobs: ['terms', 'assignees'], vision_analyses: ['labels'], monitoring_contracts: ['keywords'],
  invoices: ['keywords'], inventory_items: ['keywords'], proposals: ['search'],
  outbox: ['search', 'refs'],
};

export const TERM_INDEXES: TermIndex[] = Object.entries(TERM_FIELDS).flatMap(([collection, fields]) => fields.map((field) => ({ collection, field })));

export const TTL_INDEXES: TtlIndex[] = [
  { collection: 'sessions', field: 'expiresAt' },
  // Rate-limit windows (adapters/documents/document-rate-limit-store.ts): gone once they end.
  { collection: 'rate_limits', field: 'expiresAt' },
  // Client hub sign-in links (docs/portal.md): kept a day past expiry, so a late click reads "expired".
  { collection: 'portal_sign_in_links', field: 'purgeAt' },
];
