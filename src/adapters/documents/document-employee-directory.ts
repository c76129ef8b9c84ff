import type { EmployeeDirectory } from '../../domain/employees/employee-directory.ts';
import {
  duplicateEmailError,
  matchesSearch,
  sortDirection,
  sortField,
  type EmployeeFields,
  type EmployeeListQuery,
  type EmployeePage,
  type EmployeeRecord,
} from '../../domain/employees/employee-record.ts';
import { normaliseEmail } from '../../domain/auth/permissions.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { DatabaseError } from '../../domain/persistence/database-error.ts';
import { checkQuery, encodeCursor, orderBy, where, type Filter, type Query } from '../../domain/persistence/query.ts';
import { EMPLOYEES, employeeFromDoc, type EmployeeDoc } from './document-employee-repository.ts';

/** How many records one scan reads while filtering by a search term. */
const SCAN_BATCH = 200;

const recordFromDoc = (d: StoredDocument<EmployeeDoc>): EmployeeRecord => ({ ...employeeFromDoc(d), createdAt: d.createdAt, updatedAt: d.updatedAt });

const docFromFields = (f: EmployeeFields): EmployeeDoc => ({
  email: normaliseEmail(f.email),
  employmentStatus: f.employmentStatus,
  permissions: { ...f.permissions },
  name: f.name,
  phone: f.phone,
  title: f.title,
  photoUrl: f.photoUrl,
});

/** The unique index on e-mail is the last word on duplicates (two admins saving at once). */
async function mapDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (e) {
    if (e instanceof DatabaseError && e.databaseCode === 'already-exists') throw duplicateEmailError();
    throw e;
  }
}

/**
 * The employee database on the document store ('employees', the documents sign-in reads).
 * Status filters and sorting run in the store (indexed); the search term is matched here, over
 * the status-filtered records in sort order, because the query model has no substring match.
 * A small company's staff list is short, so a scan is cheap; pages still use keyset cursors, cut
 * at the last record returned, so paging through search results is stable.
 */
export class DocumentEmployeeDirectory implements EmployeeDirectory {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get employees() {
    return this.store.collection<EmployeeDoc>(EMPLOYEES);
  }

  async list(query: EmployeeListQuery): Promise<EmployeePage> {
    const filters: Filter[] = query.status ? [where('employmentStatus', '==', query.status)] : [];
    const field = sortField(query.sort);
    const base: Query = { where: filters, orderBy: [orderBy(field, sortDirection(query.sort))] };
    if (query.q.trim() === '') {
      const page = await this.employees.query({ ...base, limit: query.limit, ...(query.cursor ? { startAfter: query.cursor } : {}) });
      return { items: page.docs.map(recordFromDoc), nextCursor: page.nextCursor };
    }
    const found: StoredDocument<EmployeeDoc>[] = [];
    let cursor = query.cursor;
    // One more than asked for tells whether another page exists.
    while (found.length <= query.limit) {
      const page = await this.employees.query({ ...base, limit: SCAN_BATCH, ...(cursor ? { startAfter: cursor } : {}) });
      found.push(...page.docs.filter((d) => matchesSearch(d, query.q)));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    const items = found.slice(0, query.limit);
    const last = items.at(-1);
    const more = found.length > query.limit && last !== undefined;
    const order = checkQuery(base).order;
    return {
      items: items.map(recordFromDoc),
      nextCursor: more ? encodeCursor(order, { values: [last[field], last.id] }) : null,
    };
  }

  async get(id: string): Promise<EmployeeRecord | null> {
    const d = await this.employees.get(id);
    return d ? recordFromDoc(d) : null;
  }

  async findByEmail(email: string): Promise<EmployeeRecord | null> {
    const page = await this.employees.query({ where: [where('email', '==', normaliseEmail(email))], limit: 1 });
    return page.docs[0] ? recordFromDoc(page.docs[0]) : null;
  }

  async create(fields: EmployeeFields): Promise<EmployeeRecord> {
    return recordFromDoc(await mapDuplicate(this.employees.create(docFromFields(fields))));
  }

  async update(id: string, fields: EmployeeFields): Promise<EmployeeRecord> {
    return recordFromDoc(await mapDuplicate(this.employees.update(id, docFromFields(fields))));
  }
}
