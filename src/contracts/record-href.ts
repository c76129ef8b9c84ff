/**
 * Where each kind of record opens in the back office: the one builder of record links (the
 * client page's lists, a job's proposal and invoice, the tax report, the technician's jobs, a
 * converted proposal, the calendar feed's job URL). The screen that opens a record reads the same
 * search key from its URL (web/src/routes/admin/*.tsx validateSearch).
 */
export const RECORD_KINDS = ['client', 'job', 'proposal', 'invoice', 'contract', 'item', 'lead', 'message'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const PATHS: Readonly<Record<RecordKind, (id: string) => string>> = {
  client: (id) => `/admin/clients/${id}`,
  job: (id) => `/admin/jobs?job=${id}`,
  proposal: (id) => `/admin/proposals?open=${id}`,
  invoice: (id) => `/admin/invoices?invoice=${id}`,
  contract: (id) => `/admin/monitoring?contract=${id}`,
  item: (id) => `/admin/inventory?item=${id}`,
  // Quote requests and contact/support messages open in their lists (notifications link there).
  lead: (id) => `/admin/leads?id=${id}`,
  message: (id) => `/admin/messages?message=${id}`,
};

/**
 * The back-office path that opens record `id` of `kind` ("/admin/jobs?job=…"), relative to the
 * site; `from` names the screen it was opened from, where closing the record returns
 * ("&from=dashboard": the technician's day).
 */
export const recordHref = (kind: RecordKind, id: string, from?: 'dashboard'): string => PATHS[kind](encodeURIComponent(id)) + (from ? `&from=${from}` : '');
