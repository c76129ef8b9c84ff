/**
 * The embedded provider's storage (grants, codes, sessions, interactions) kept in memory: it
 * serves a single development or test process, and sign-ins in flight are the only thing a
 * restart loses (the app's own sessions live in the database).
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

const records = new Map<string, { payload: Payload; expiresAt: number | null }>();

export class MemoryOidcAdapter {
  private readonly model: string;

  constructor(model: string) {
    this.model = model;
  }

  private key(id: string) {
    return `${this.model}:${id}`;
  }

  private live(key: string): Payload | undefined {
    const r = records.get(key);
    if (!r) return undefined;
    if (r.expiresAt !== null && r.expiresAt <= Date.now()) {
      records.delete(key);
      return undefined;
    }
    return r.payload;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    records.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
  }

  async find(id: string): Promise<Payload | undefined> {
    return this.live(this.key(id));
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    for (const [key, r] of records) if (key.startsWith(`${this.model}:`) && r.payload.uid === uid) return this.live(key);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Payload | undefined> {
    for (const [key, r] of records) if (key.startsWith(`${this.model}:`) && r.payload.userCode === userCode) return this.live(key);
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const p = this.live(this.key(id));
    if (p) p.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    records.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, r] of records) if (r.payload.grantId === grantId) records.delete(key);
  }
}
