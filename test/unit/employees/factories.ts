import type { EmployeeCreateInput } from '../../../src/contracts/employees.ts';

let n = 0;

/** A valid create body (no permissions unless given); override what the test is about. */
export function anEmployeeInput(overrides: Partial<EmployeeCreateInput> = {}): EmployeeCreateInput {
  n += 1;
  return {
    name: `Jamie Installer ${n}`,
    email: `jamie${n}.${Math.random().toString(36).slice(2, 8)}@shieldline.example`,
    phone: '(555) 010-4400',
    title: 'Installer',
    ...overrides,
  };
}
