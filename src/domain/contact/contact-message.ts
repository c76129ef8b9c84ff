export const CONTACT_STATUSES = ['new', 'answered', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** 'support' messages come from the Support page's request form; both land in one inbox. */
export const CONTACT_KINDS = ['contact', 'support'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export interface ContactMessageInput {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  kind?: ContactKind;
}

export interface ContactMessage extends ContactMessageInput {
  id: string;
  kind: ContactKind;
  status: ContactStatus;
  createdAt: string;
  updatedAt: string;
}

/** A new message starts unread ('new'); staff later mark it answered or archived. */
export function newContactMessage(input: ContactMessageInput, id: string, now: Date): ContactMessage {
  const at = now.toISOString();
  return { ...input, kind: input.kind ?? 'contact', id, status: 'new', createdAt: at, updatedAt: at };
}

/** Staff move a message between new (unread), answered and archived freely. */
export function changeContactStatus(message: ContactMessage, status: ContactStatus, now: Date): ContactMessage {
  return { ...message, status, updatedAt: now.toISOString() };
}
