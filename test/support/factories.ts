import type { ContactRequest } from '../../src/contracts/contact.ts';

let n = 0;
/** A valid contact form body; override what the test is about. */
export function aContactRequest(overrides: Partial<ContactRequest> = {}): ContactRequest {
  n += 1;
  return {
    name: `Pat Visitor ${n}`,
    email: `pat${n}@example.com`,
    phone: '(555) 123-4567',
    subject: `Camera quote ${n}`,
    message: 'We would like two cameras covering the driveway and the back door.',
    ...overrides,
  };
}
