import type { EmployeeRepository } from '../../domain/auth/employee-repository.ts';
import { normaliseEmail, type Employee, type EmploymentStatus, type StoredPermissions } from '../../domain/auth/permissions.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { StoredDocument } from '../../domain/persistence/document-data.ts';
import { where } from '../../domain/persistence/query.ts';

export const EMPLOYEES = 'employees';

export type EmployeeDoc = {
  email: string;
  employmentStatus: EmploymentStatus;
  permissions: Record<string, boolean>;
  name: string;
  phone: string | null;
  title: string | null;
  photoUrl: string | null;
};

export const employeeFromDoc = (d: StoredDocument<EmployeeDoc>): Employee => ({
  id: d.id,
  email: d.email,
  employmentStatus: d.employmentStatus,
  permissions: d.permissions as StoredPermissions,
  name: d.name,
  phone: d.phone,
  title: d.title,
  photoUrl: d.photoUrl,
});

/** E-mails are stored normalised (trimmed, lower case) so the lookup is an exact match. */
export class DocumentEmployeeRepository implements EmployeeRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  async findByEmail(email: string): Promise<Employee | null> {
    const page = await this.store
      .collection<EmployeeDoc>(EMPLOYEES)
      .query({ where: [where('email', '==', normaliseEmail(email))], limit: 1 });
    const doc = page.docs[0];
    return doc ? employeeFromDoc(doc) : null;
  }

  watchEmail(email: string, onChange: (employee: Employee | null) => void, onError?: (error: Error) => void): () => void {
    return this.store.collection<EmployeeDoc>(EMPLOYEES).subscribe(
      { where: [where('email', '==', normaliseEmail(email))], limit: 1 },
      (page) => onChange(page.docs[0] ? employeeFromDoc(page.docs[0]) : null),
      onError,
    );
  }
}
