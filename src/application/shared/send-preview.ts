import { contactNameFor } from '../../domain/clients/contact-greeting.ts';
import type { DirectoryClient } from '../../domain/clients/client-directory.ts';

/** What "Send" (an invoice, a proposal) is about to do, for the screen to ask with first. */
export interface SendPreview {
  clientId: string;
  toName: string;
  /** null: the client has no e-mail address. */
  to: string | null;
  subject: string;
  attachments: string[];
  link: string;
  lastSentAt: string | null;
  lastSentTo: string | null;
}

/** Whom the dialog names beside the address: the contact holding it (a person), else the client's name (a household, a company). */
export const recipientName = (client: Pick<DirectoryClient, 'contacts'> | null, to: string | null, clientName: string): string => contactNameFor(client?.contacts, to) ?? clientName;
