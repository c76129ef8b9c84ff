/**
 * The acceptance certificate: what the last page of a signed proposal states, and the mail that
 * carries it to the customer. Written for a reader who was not there (a customer checking their
 * copy, a court): who signed, with which e-mail, when (UTC and the business's own time), from
 * which address and browser, the SHA-256 of the exact PDF accepted, and the signature itself.
 */
import { dateTimeFormat } from '../shared/intl-format.ts';
import { formatMoney, type MoneySettings } from '../shared/money.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { aboutProposal } from '../mail/mailer.ts';
import { totalsOf, type Proposal } from './proposal.ts';
import { agreeStatement } from './agree-statement.ts';
import { greeting } from '../clients/contact-greeting.ts';

export interface AcceptanceCertificate {
  number: string;
  title: string;
  clientName: string;
  /** "Alarm and sensors — total $1,234.56". */
  option: string;
  signer: string;
  email: string;
  /** "2026-11-26 16:15:03 UTC". */
  atUtc: string;
  /** "Nov 26, 2026, 10:15:03 AM CST (America/Chicago)". */
  atLocal: string;
  ip: string;
  userAgent: string;
  documentSha256: string;
  /** The words of the box the signer ticked (agreeStatement). */
  agreed: string;
  /** The signature as drawn (PNG). */
  signaturePng: Uint8Array;
}

/** "2026-11-26 16:15:03 UTC": the same everywhere, to the second. */
export const formatUtc = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The instant in the business's time zone, with the zone named: "Nov 26, 2026, 10:15:03 AM CST (America/Chicago)". */
export const formatInZone = (iso: string, timeZone: string, locale: string): string =>
  `${dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'long' }).format(new Date(iso))} (${timeZone})`;

export interface CertificateSettings {
  timeZone: string;
  money: MoneySettings;
}

export const acceptanceCertificate = (p: Proposal, signaturePng: Uint8Array, settings: CertificateSettings): AcceptanceCertificate => ({ ...certificateFacts(p, settings), signaturePng });

/** Everything the certificate states in words (all but the signature image). */
export function certificateFacts(p: Proposal, settings: CertificateSettings): Omit<AcceptanceCertificate, 'signaturePng'> {
  const a = p.acceptance;
  if (!a) throw new Error(`Proposal ${p.number} has not been accepted.`);
  const option = p.options.find((o) => o.id === a.optionId);
  const total = option ? formatMoney(totalsOf(p, option).totalCents, settings.money) : '';
  return {
    number: p.number,
    title: p.title,
    clientName: p.clientName,
    option: option ? `${option.name} — total ${total}` : a.optionId,
    signer: a.name,
    agreed: agreeStatement(p),
    email: a.email ?? '',
    atUtc: formatUtc(a.at),
    atLocal: formatInZone(a.at, settings.timeZone, settings.money.locale),
    ip: a.ip,
    userAgent: a.userAgent ?? '',
    documentSha256: a.documentSha256 ?? '',
  };
}

/** The PDF's file name for the signed copy. */
/** The line the office's "accepted" mail ends with when the signed copy is attached. */
export const SIGNED_COPY_NOTE = 'Attached: the signed copy, its last page the acceptance certificate (signer, e-mail, time, IP, document hash, signature).';

export const certifiedFileName = (p: Pick<Proposal, 'number'>): string => `${p.number}-signed.pdf`;

/** The customer's signed copy: their own record of what they accepted, with the certified PDF. */
/** The deposit invoice issued with the acceptance, as the signed-copy mail names it. */
export interface DepositNote {
  number: string;
  /** Formatted ("$94.72"). */
  amount: string;
  /** Where to see and pay it (/i/<token>); null while its link is off. */
  link: string | null;
}

export function signedCopyMail(p: Proposal, pdf: Uint8Array, company: { name: string; email: string; phone: string }, settings: CertificateSettings, deposit: DepositNote | null = null): MailMessage {
  const c = certificateFacts(p, settings);
  return {
    to: c.email,
    replyTo: company.email,
    subject: `Your signed proposal ${p.number} — ${company.name}`,
    text: [
      greeting(c.signer),
      '',
      `Thank you for accepting proposal ${p.number}${p.title ? ` (${p.title})` : ''}: ${c.option}.`,
      'Your signed copy is attached. Its last page is the acceptance certificate:',
      `signed ${c.atLocal} (${c.atUtc}) from ${c.ip};`,
      `SHA-256 of the proposal as you accepted it: ${c.documentSha256}.`,
      '',
      ...(deposit ? [`Your deposit invoice ${deposit.number} (${deposit.amount}, due on receipt)${deposit.link ? `: see and pay it at ${deposit.link}` : ' is on its way.'}`, ''] : []),
      'We will be in touch to schedule the work.',
      '',
      company.name,
      [company.phone, company.email].filter(Boolean).join(' · '),
    ].join('\n'),
    attachments: [{ filename: certifiedFileName(p), contentType: 'application/pdf', content: pdf }],
    kind: 'proposal',
    about: aboutProposal(p),
  };
}
