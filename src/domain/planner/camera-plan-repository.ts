import type { CameraPlan, CameraPlanContent } from './camera-plan.ts';

export interface NewCameraPlan extends CameraPlanContent {
  clientId: string;
  siteId: string;
  createdBy: { id: string; name: string };
}

export interface CameraPlanListQuery {
  clientId?: string;
  siteId?: string;
  limit: number;
  cursor?: string;
}

export interface CameraPlanPage {
  items: CameraPlan[];
  nextCursor: string | null;
}

export interface CameraPlanRepository {
  create(plan: NewCameraPlan): Promise<CameraPlan>;
  get(id: string): Promise<CameraPlan | null>;
  list(query: CameraPlanListQuery): Promise<CameraPlanPage>;
  /**
   * Replaces the content when the stored version is `expectedVersion`, atomically, and bumps the
   * version; `conflict` when it is not, `not-found` when the plan is gone.
   */
  save(id: string, expectedVersion: number, content: CameraPlanContent): Promise<CameraPlan>;
  delete(id: string): Promise<void>;
}
