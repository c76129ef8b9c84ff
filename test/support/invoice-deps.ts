import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoiceDeps } from '../../src/application/invoices/invoice-deps.ts';
import { DocumentInvoiceRepository } from '../../src/adapters/documents/document-invoice-repository.ts';
import { DocumentAuditLog } from '../../src/adapters/documents/document-audit-log.ts';
import { PdfkitInvoiceDocuments } from '../../src/adapters/pdf/pdfkit-invoice-documents.ts';
import type { DirectoryClient } from '../../src/domain/clients/client-directory.ts';
import type { AuthState } from '../../src/domain/auth/permissions.ts';
import type { MailMessage } from '../../src/domain/mail/mailer.ts';
import type { DocumentStore } from '../../src/domain/persistence/document-store.ts';
import { tempDir } from './temp-dir.ts';

const user = (id: string, name: string) => ({ id, email: `${id}@example.com`, emailVerified: true, displayName: name, photoUrl: null });
export const ADMIN: AuthState = { kind: 'admin', user: user('demo-admin-frank', 'Frank Miller') };
export const INVOICE_VIEWER: AuthState = {
  kind: 'employee',
  user: user('demo-employee-maria', 'Maria Lopez'),
  employee: { id: 'emp-maria', email: 'demo-employee-maria@example.com', employmentStatus: 'active', permissions: { viewInvoices: true }, name: 'Maria Lopez', phone: null, title: null, photoUrl: null },
};

export const aDirectoryClient = (over: Partial<DirectoryClient> = {}): DirectoryClient => ({
  id: 'client-ada',
  kind: 'residential',
  name: 'Ada Byron',
  company: '',
  email: 'ada@example.com',
  phone: null,
  billingAddress: { line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' },
  archived: false,
  sites: [],
  ...over,
});

export const COMPANY = { name: 'Shieldline Security', address: '1450 Commerce Drive, Springfield, IL 62704', phone: '(555) 010-4477', email: 'office@shieldline.example' };

/** Invoice use cases on a real store; the client directory and mailer are small in-memory peers. */
export function invoiceDeps(store: DocumentStore, over: Partial<InvoiceDeps> & { today?: string } = {}): InvoiceDeps & { sent: MailMessage[] } {
  const clients = [aDirectoryClient()];
  const sent: MailMessage[] = [];
  let t = Date.parse(`${over.today ?? '2026-11-20'}T15:00:00Z`);
  const ids = { next: () => randomUUID() };
  return {
    invoices: new DocumentInvoiceRepository(store, ids),
    clients: {
      getClient: async (id) => clients.find((c) => c.id === id) ?? null,
      getSite: async () => null,
      search: async () => clients,
    },
    jobs: { billableJob: async () => null },
    documents: new PdfkitInvoiceDocuments(),
    mailer: {
      send: async (m) => {
        sent.push(m);
        return { id: String(sent.length) };
      },
    },
    audit: new DocumentAuditLog(store, ids),
    clock: { now: () => new Date((t += 1000)) },
    ids,
    tokens: { next: () => `${randomUUID()}${randomUUID()}`.replace(/-/g, '') },
    company: COMPANY,
    format: { currency: 'USD', locale: 'en-US', timeZone: 'America/Chicago' },
    baseUrl: 'https://shieldline.example',
    ...over,
    sent,
  };
}

/** The text poppler reads out of a PDF (layout kept, so columns stay on their lines). */
export function pdfText(pdf: Uint8Array): string {
  const dir = tempDir('pdf-');
  try {
    const file = join(dir.path, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    dir.remove();
  }
}
