import type { DocumentStore } from '../../domain/persistence/document-store.ts';

/**
 * Demo data for the embedded mode, written once on first start (never in production): the
 * employee records behind the embedded provider's demo accounts. Re-running changes nothing.
 */
export const DEMO_EMPLOYEES = [
  {
    id: 'emp-maria',
    email: 'maria@shieldline.example',
    employmentStatus: 'active',
    name: 'Maria Lopez',
    phone: '(555) 010-2231',
    title: 'Lead installer',
    photoUrl: null,
    permissions: { viewClients: true, viewJobs: true, editJobs: true, viewInventory: true },
  },
  {
    id: 'emp-tom',
    email: 'tom@shieldline.example',
    employmentStatus: 'inactive',
    name: 'Tom Reed',
    phone: '(555) 010-7788',
    title: 'Technician (former)',
    photoUrl: null,
    permissions: { viewClients: true, viewJobs: true },
  },
] as const;

export async function seedDemoData(store: DocumentStore): Promise<{ seeded: boolean }> {
  const employees = store.collection('employees');
  if ((await employees.count()) > 0) return { seeded: false };
  for (const { id, ...data } of DEMO_EMPLOYEES) {
    await employees.create({ ...data, permissions: { ...data.permissions } }, id);
  }
  return { seeded: true };
}
