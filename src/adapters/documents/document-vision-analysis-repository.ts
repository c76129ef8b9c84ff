import type { DocumentStore } from '../../domain/persistence/document-store.ts';
import type { DocumentData, StoredDocument } from '../../domain/persistence/document-data.ts';
import { where, type Filter } from '../../domain/persistence/query.ts';
import type { Detection } from '../../domain/vision/object-detector.ts';
import { LINK_FIELDS, type NewVisionAnalysis, type VisionAnalysis } from '../../domain/vision/vision-analysis.ts';
import type {
  VisionAnalysisPage,
  VisionAnalysisRepository,
  VisionAnalysisSearch,
  VisionAnalysisUpdate,
} from '../../domain/vision/vision-analysis-repository.ts';

export const VISION_ANALYSES = 'vision_analyses';

type Doc = Omit<VisionAnalysis, 'id' | 'createdAt' | 'updatedAt' | 'detections' | 'createdBy'> & {
  detections: { label: string; score: number; box: { x: number; y: number; width: number; height: number } }[];
  createdBy: { id: string; name: string };
} & DocumentData;

const toDomain = (d: StoredDocument<Doc>): VisionAnalysis => ({
  id: d.id,
  imagePath: d.imagePath,
  contentType: d.contentType,
  fileName: d.fileName,
  sizeBytes: d.sizeBytes,
  width: d.width,
  height: d.height,
  detections: d.detections.map((x) => ({ label: x.label as Detection['label'], score: x.score, box: { ...x.box } })),
  labels: [...d.labels],
  model: d.model,
  inputSize: d.inputSize,
  timeMs: d.timeMs,
  createdBy: { id: d.createdBy.id, name: d.createdBy.name },
  clientId: d.clientId,
  siteId: d.siteId,
  jobId: d.jobId,
  contractId: d.contractId,
  note: d.note,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const toDoc = (a: NewVisionAnalysis): Doc => ({
  ...a,
  detections: a.detections.map((d) => ({ label: d.label, score: d.score, box: { ...d.box } })),
  labels: [...a.labels],
  createdBy: { ...a.createdBy },
});

/** Saved analyses on the document store (SQLite or MongoDB); indexes in collection-indexes.ts. */
export class DocumentVisionAnalysisRepository implements VisionAnalysisRepository {
  private readonly store: DocumentStore;

  constructor(store: DocumentStore) {
    this.store = store;
  }

  private get collection() {
    return this.store.collection<Doc>(VISION_ANALYSES);
  }

  async add(analysis: NewVisionAnalysis): Promise<VisionAnalysis> {
    return toDomain(await this.collection.create(toDoc(analysis)));
  }

  async get(id: string): Promise<VisionAnalysis | null> {
    const d = await this.collection.get(id);
    return d ? toDomain(d) : null;
  }

  async search(filter: VisionAnalysisSearch, page: { limit: number; cursor?: string }): Promise<VisionAnalysisPage> {
    const filters: Filter[] = [];
    if (filter.label !== undefined) filters.push(where('labels', 'array-contains', filter.label));
    for (const field of LINK_FIELDS) {
      const value = filter[field];
      if (value !== undefined) filters.push(where(field, '==', value));
    }
    if (filter.from !== undefined) filters.push(where('createdAt', '>=', filter.from));
    if (filter.to !== undefined) filters.push(where('createdAt', '<', filter.to));
    const result = await this.collection.query({
      where: filters,
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
      limit: page.limit,
      ...(page.cursor !== undefined ? { startAfter: page.cursor } : {}),
    });
    return { items: result.docs.map(toDomain), nextCursor: result.nextCursor };
  }

  async update(id: string, patch: VisionAnalysisUpdate): Promise<VisionAnalysis | null> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    // A read first: the store's update fails on a missing document, and the caller wants null.
    if ((await this.collection.get(id)) === null) return null;
    if (Object.keys(changes).length === 0) return this.get(id);
    return toDomain(await this.collection.update(id, changes));
  }

  async delete(id: string): Promise<void> {
    await this.collection.delete(id);
  }
}
