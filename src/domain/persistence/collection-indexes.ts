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
  { collection: 'audit_log', fields: [asc('entity'), asc('entityId'), desc('createdAt')] },
  { collection: 'audit_log', fields: [asc('entity'), asc('entityId'), desc('at')] },
  { collection: 'vision_analyses', fields: [asc('clientId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('siteId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('jobId'), desc('createdAt')] },
  { collection: 'vision_analyses', fields: [asc('contractId'), desc('createdAt')] },
  // Multikey in MongoDB (array-contains on labels); in SQLite a plain expression index.
  { collection: 'vision_analyses', fields: [asc('labels'), desc('createdAt')] },
  { collection: 'camera_plans', fields: [asc('clientId'), desc('updatedAt')] },
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

export const TTL_INDEXES: TtlIndex[] = [{ collection: 'sessions', field: 'expiresAt' }];
