import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from '../../domain/mail/mailer.ts';

/**
 * Delivers mail over SMTP with nodemailer. SMTP_URL is nodemailer's connection URL
 * (smtp://user:pass@host:587 upgrades with STARTTLS when offered; smtps://… is implicit TLS); `from` is the company address.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(url: string, from: string, options: { tlsRejectUnauthorized?: boolean } = {}) {
    const u = new URL(url);
    const secure = u.protocol === 'smtps:';
    this.transport = nodemailer.createTransport({
      host: u.hostname,
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ...(options.tlsRejectUnauthorized === false ? { tls: { rejectUnauthorized: false } } : {}),
    });
    this.from = from;
  }

  async send(m: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: m.to,
      ...(m.replyTo ? { replyTo: m.replyTo } : {}),
      subject: m.subject,
      text: m.text,
      ...(m.unsubscribeUrl ? { list: { unsubscribe: m.unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      ...(m.attachments?.length ? { attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })) } : {}),
    });
    return { id: String(info.messageId) };
  }

  close(): void {
    this.transport.close();
  }
}
