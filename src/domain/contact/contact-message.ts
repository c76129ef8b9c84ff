export const CONTACT_STATUSES = ['new', 'answered', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export interface ContactMessageInput {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
}

export interface ContactMessage extends ContactMessageInput {
  id: string;
  status: ContactStatus;
  createdAt: string;
  updatedAt: string;
}

/** A new message starts unread ('new'); staff later mark it answered or archived. */
export function newContactMessage(input: ContactMessageInput, id: string, now: Date): ContactMessage {
  const at = now.toISOString();
  return { ...input, id, status: 'new', createdAt: at, updatedAt: at };
}
