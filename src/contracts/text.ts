import { z } from 'zod';
import { phoneField } from './form-fields.ts';

/** A string field whose "missing" and "not text" messages are ones a person can act on. */
export const text = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text.') });

/** A visitor's name on the public forms (contact, support, quote). */
export const visitorName = () =>
  text('Please enter your name.').trim().min(2, 'Please enter your name.').max(100, 'Name is too long (100 characters at most).');

/** A visitor's e-mail on the public forms. */
export const visitorEmail = () =>
  text('Please enter your e-mail address.').trim().max(254, 'E-mail is too long.').pipe(z.email('Please enter a valid e-mail address.'));

/** An optional phone number (the one phone rule, phoneProblem); an empty one counts as none. */
export const optionalPhone = () =>
  phoneField('Phone', { optional: true })
    .optional()
    .transform((v) => (v ? v : undefined));
