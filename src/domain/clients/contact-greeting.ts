/**
 * How a mail to a customer greets them: by the first name of the contact the mail is addressed
 * to (the contact holding the recipient's e-mail), never by the client's name, which may be a
 * company or a household ("Bartholomew-Vandenberghe Holdings"). Without a known contact the
 * greeting is a neutral "Hello,".
 */

export interface GreetedContact {
  name: string;
  emails: readonly string[];
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'madam']);

/** "Dr. Anneliese Bartholomew" → "Anneliese": the name a greeting uses (a lone title keeps the whole name). */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = words.find((w) => !TITLES.has(w.replace(/\.$/, '').toLowerCase()));
  return first ?? name.trim();
}

/** Whether two e-mail addresses are the same mailbox as people type them (trimmed, case-insensitive). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The name of the contact whose e-mail `email` is (trimmed, case-insensitive); null when none holds it or the name is blank. */
export function contactNameFor(contacts: readonly GreetedContact[] | undefined, email: string | null | undefined): string | null {
  if (!email || !contacts) return null;
  const name = contacts.find((c) => c.emails.some((e) => sameAddress(e, email)))?.name.trim();
  return name || null;
}

/** The greeting line: "Hello Grace," for a known name, "Hello," otherwise. */
export function greeting(name: string | null | undefined): string {
  const first = name ? firstName(name) : '';
  return first ? `Hello ${first},` : 'Hello,';
}

/** Whom a send dialog names beside the address: the contact holding it (a person), else the client's name (a household, a company). */
export const recipientName = (contacts: readonly GreetedContact[] | undefined, to: string | null, clientName: string): string => contactNameFor(contacts, to) ?? clientName;
