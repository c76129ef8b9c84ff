import type { NewVisionAnalysis, VisionAnalysis, VisionLinks } from './vision-analysis.ts';

export interface VisionAnalysisSearch {
  /** Analyses whose `labels` hold this label. */
  label?: string;
  clientId?: string;
  siteId?: string;
  jobId?: string;
  contractId?: string;
  /** ISO instants, inclusive from, exclusive to. */
  from?: string;
  to?: string;
}

export interface VisionAnalysisPage {
  items: VisionAnalysis[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface VisionAnalysisUpdate extends Partial<VisionLinks> {
  note?: string | null;
}

export interface VisionAnalysisRepository {
  add(analysis: NewVisionAnalysis): Promise<VisionAnalysis>;
  get(id: string): Promise<VisionAnalysis | null>;
  /** Newest first. */
  search(filter: VisionAnalysisSearch, page: { limit: number; cursor?: string }): Promise<VisionAnalysisPage>;
  /** Null when there is no such analysis. */
  update(id: string, patch: VisionAnalysisUpdate): Promise<VisionAnalysis | null>;
  delete(id: string): Promise<void>;
}
