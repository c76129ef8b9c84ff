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
}

export interface TtlIndex {
  collection: string;
  field: string;
}

const desc = (path: string): IndexField => ({ path, direction: 'desc' });
const asc = (path: string): IndexField => ({ path });

export const COLLECTION_INDEXES: CollectionIndex[] = [
  { collection: 'employees', fields: [asc('email')], unique: true },
  { collection: 'employees', fields: [asc('name')] },
  { collection: 'employees', fields: [asc('employmentStatus'), asc('name')] },
  { collection: 'contact_messages', fields: [asc('status'), desc('createdAt')] },
  { collection: 'contact_messages', fields: [desc('createdAt')] },
  { collection: 'contact_messages', fields: [asc('kind'), desc('createdAt')] },
  { collection: 'contact_messages', fields: [asc('status'), asc('kind'), desc('createdAt')] },
  { collection: 'outbox', fields: [desc('sentAt')] },
  { collection: 'analytics', fields: [asc('day')] },
  { collection: 'sessions', fields: [asc('expiresAt')] },
  { collection: 'sessions', fields: [asc('userId')] },
  { collection: 'quote_requests', fields: [asc('status'), desc('createdAt')] },
  { collection: 'quote_requests', fields: [desc('createdAt')] },
  { collection: 'reviews', fields: [asc('status'), desc('createdAt')] },
  { collection: 'reviews', fields: [asc('status'), desc('publishedAt')] },
  { collection: 'reviews', fields: [asc('status'), asc('rating')] },
  { collection: 'reviews', fields: [desc('createdAt')] },
  { collection: 'clients', fields: [asc('name')] },
  { collection: 'clients', fields: [asc('searchText')] },
  { collection: 'proposals', fields: [asc('number')], unique: true },
  { collection: 'proposals', fields: [asc('status'), desc('createdAt')] },
  { collection: 'proposals', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'proposals', fields: [asc('publicToken')], unique: true },
  { collection: 'jobs', fields: [asc('number')], unique: true },
  { collection: 'jobs', fields: [asc('status'), asc('scheduledStart')] },
  { collection: 'jobs', fields: [asc('scheduledStart')] },
  { collection: 'jobs', fields: [asc('assignees')] },
  { collection: 'jobs', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'invoices', fields: [asc('number')], unique: true },
  { collection: 'invoices', fields: [asc('status'), asc('dueDate')] },
  { collection: 'invoices', fields: [asc('dueDate')] },
  { collection: 'invoices', fields: [asc('clientId'), desc('issueDate')] },
  { collection: 'reminder_logs', fields: [asc('invoiceId'), asc('step')], unique: true },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('nextBillingDate')] },
  { collection: 'inventory_items', fields: [asc('sku')], unique: true },
  { collection: 'inventory_items', fields: [asc('nameKey')] },
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
  { collection: 'audit_log', fields: [asc('entity'), asc('entityId'), desc('createdAt')] },
  { collection: 'audit_log', fields: [asc('entity'), asc('entityId'), desc('at')] },
  { collection: 'vision_analyses', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('siteId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('jobId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('contractId'), desc('createdAt')] },
  // Multikey in MongoDB (array-contains on labels); in SQLite a plain expression index.
  { collection: 'vision_analyses', fields: [asc('labels'), desc('createdAt')] },
  // Payment reminders: the log per invoice, and newest-first lists filtered by outcome.
  { collection: 'reminder_log', fields: [asc('invoiceId'), desc('at')] },
  { collection: 'reminder_log', fields: [desc('at')] },
  { collection: 'reminder_log', fields: [asc('status'), desc('at')] },
  { collection: 'reminder_pauses', fields: [desc('pausedAt')] },
  { collection: 'camera_plans', fields: [asc('clientId'), desc('updatedAt')] },
  { collection: 'camera_plans', fields: [asc('clientId'), asc('siteId'), desc('updatedAt')] },
  { collection: 'camera_plans', fields: [desc('updatedAt')] },
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
  { collection: 'monitoring_contracts', fields: [asc('createdAt')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('createdAt')] },
  { collection: 'monitoring_contracts', fields: [asc('clientNameKey')] },
  { collection: 'monitoring_contracts', fields: [asc('status'), asc('clientNameKey')] },
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
  { collection: 'invoices', fields: [asc('clientNameKey')] },
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
];

/**
 * Term indexes: a string-array field (e.g. a client's normalised search words) whose elements are
 * indexed one by one, so `array-contains-prefix` filters on it (all of them, intersected) are
 * index range reads. MongoDB: a multikey index on the field. SQLite: rows of the
 * `document_terms` table, kept in step by triggers in the same statement as the document.
 */
export interface TermIndex {
  collection: string;
  field: string;
}

export const TERM_INDEXES: TermIndex[] = [
  { collection: 'clients', field: 'search' },
  { collection: 'jobs', field: 'terms' },
];

export const TTL_INDEXES: TtlIndex[] = [{ collection: 'sessions', field: 'expiresAt' }];
