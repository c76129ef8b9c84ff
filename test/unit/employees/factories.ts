import type { EmployeeCreateInput } from '../../../src/contracts/employees.ts';

let n = 0;

/** A valid create body (no permissions unless given); override what the test is about. */
export function anEmployeeInput(overrides: Partial<EmployeeCreateInput> = {}): EmployeeCreateInput {
  n += 1;
  return {
    name: `Jamie Installer ${n}`,
    // Digits only after the name: a random letter pair would match the tests' searches ("da" in "…8da3…").
    email: `jamie${n}.${Math.random().toString().slice(2, 8)}@shieldline.example`,
    phone: '(555) 010-4400',
    title: 'Installer',
    ...overrides,
  };
}
