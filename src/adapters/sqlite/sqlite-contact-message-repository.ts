import type { ContactMessageRepository } from '../../domain/contact/contact-message-repository.ts';
import type { ContactMessage, ContactStatus } from '../../domain/contact/contact-message.ts';
import type { SqliteDb } from './sqlite-database.ts';

interface Row {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: ContactStatus;
  created_at: string;
  updated_at: string;
}

const toDomain = (r: Row): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class SqliteContactMessageRepository implements ContactMessageRepository {
  private readonly db: SqliteDb;

  constructor(db: SqliteDb) {
    this.db = db;
  }

  async add(m: ContactMessage): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO contact_messages (id, name, email, phone, subject, message, status, created_at, updated_at)
         VALUES (@id, @name, @email, @phone, @subject, @message, @status, @createdAt, @updatedAt)`,
      )
      .run(m);
  }

  async get(id: string): Promise<ContactMessage | null> {
    const row = this.db.prepare('SELECT * FROM contact_messages WHERE id = ?').get(id) as Row | undefined;
    return row ? toDomain(row) : null;
  }

  async list({ limit }: { limit: number }): Promise<ContactMessage[]> {
    const rows = this.db
      .prepare('SELECT * FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT ?')
      .all(limit) as Row[];
    return rows.map(toDomain);
  }
}
