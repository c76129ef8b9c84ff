/** Factories for stored camera plans (the planner's own factories make the geometry). */
import { blankGridContent, type CameraPlan, type CameraPlanContent, type PlanCamera } from '../../../src/domain/planner/camera-plan.ts';
import { aCamera } from './planner-factories.ts';

export function aPlanCamera(overrides: Partial<PlanCamera> = {}): PlanCamera {
  return { ...aCamera({ mountHeightM: 2.7, tiltDeg: 10 }), itemId: null, model: 'Custom 2.8 mm', ...overrides };
}

export function aPlanContent(overrides: Partial<CameraPlanContent> = {}): CameraPlanContent {
  return { ...blankGridContent('Ground floor', 20, 10), ...overrides };
}

/** A stored plan (version 1) holding `content`. */
export function aStoredPlan(content: CameraPlanContent = aPlanContent()): CameraPlan {
  const at = '2026-11-20T15:00:00Z';
  return { ...content, id: 'plan-1', clientId: 'c1', siteId: 's1', version: 1, createdBy: { id: 'u', name: 'Frank' }, createdAt: at, updatedAt: at };
}
