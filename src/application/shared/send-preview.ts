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
