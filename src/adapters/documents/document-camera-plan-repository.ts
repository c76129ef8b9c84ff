import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';
import { cameraPlanContent, checkVersion, type CameraPlan, type CameraPlanContent } from '../../domain/planner/camera-plan.ts';
import type { CameraPlanListQuery, CameraPlanPage, CameraPlanRepository, NewCameraPlan } from '../../domain/planner/camera-plan-repository.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

export const CAMERA_PLANS = 'camera_plans';

// The plan's interfaces have no index signatures, so documents cross as plain JSON data.
type Stored = Omit<CameraPlan, 'id' | 'createdAt' | 'updatedAt'>;
type Doc = DocumentData;
const asDoc = (s: Stored): Doc => json(s) as unknown as Doc;

/** Plain JSON: drops undefined optional fields (the store refuses them) and shares nothing with the caller. */
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const content = (p: CameraPlanContent): CameraPlanContent => cameraPlanContent(p);

const toDomain = (raw: StoredDocument<Doc>): CameraPlan => {
  const d = raw as unknown as Stored & { id: string; createdAt: string; updatedAt: string };
  return {
  id: d.id,
  clientId: d.clientId,
  siteId: d.siteId,
  version: d.version,
  createdBy: { id: d.createdBy.id, name: d.createdBy.name },
  ...json(content(d)),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
  };
};

/** Camera plans on the document store; indexes in collection-indexes.ts. */
export class DocumentCameraPlanRepository implements CameraPlanRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get collection() {
    return this.store.collection<Doc>(CAMERA_PLANS);
  }

  async create(plan: NewCameraPlan): Promise<CameraPlan> {
    return toDomain(await this.collection.create(asDoc({ clientId: plan.clientId, siteId: plan.siteId, version: 1, createdBy: { ...plan.createdBy }, ...content(plan) })));
  }

  async get(id: string): Promise<CameraPlan | null> {
    const d = await this.collection.get(id);
    return d ? toDomain(d) : null;
  }

  async list(q: CameraPlanListQuery): Promise<CameraPlanPage> {
    const filters: Filter[] = [];
    if (q.clientId !== undefined) filters.push(where('clientId', '==', q.clientId));
    if (q.siteId !== undefined) filters.push(where('siteId', '==', q.siteId));
    const page = await this.collection.query({
      where: filters,
      orderBy: [{ field: 'updatedAt', direction: 'desc' }],
      limit: q.limit,
      ...(q.cursor !== undefined ? { startAfter: q.cursor } : {}),
    });
    return { items: page.docs.map(toDomain), nextCursor: page.nextCursor };
  }

  async save(id: string, expectedVersion: number, next: CameraPlanContent): Promise<CameraPlan> {
    await this.store.runTransaction(async (tx) => {
      const found = await tx.get<Doc>(CAMERA_PLANS, id);
      if (!found) throw new DomainError('not-found', 'This plan has been deleted.');
      const current = toDomain(found);
      checkVersion(current.version, expectedVersion);
      tx.set(CAMERA_PLANS, id, asDoc({ clientId: current.clientId, siteId: current.siteId, createdBy: current.createdBy, ...content(next), version: current.version + 1 }));
    });
    const saved = await this.get(id);
    if (!saved) throw new DomainError('not-found', 'This plan has been deleted.');
    return saved;
  }

  async delete(id: string): Promise<void> {
    await this.collection.delete(id);
  }
}
