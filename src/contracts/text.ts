import { z } from 'zod';

/** A string field whose "missing" and "not text" messages are ones a person can act on. */
export const text = (required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : 'Must be text.') });
