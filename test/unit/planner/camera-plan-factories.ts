/** Factories for stored camera plans (the planner's own factories make the geometry). */
import { blankGridContent, type CameraPlanContent, type PlanCamera } from '../../../src/domain/planner/camera-plan.ts';
import { aCamera } from './planner-factories.ts';

export function aPlanCamera(overrides: Partial<PlanCamera> = {}): PlanCamera {
  return { ...aCamera({ mountHeightM: 2.7, tiltDeg: 10 }), itemId: null, model: 'Custom 2.8 mm', ...overrides };
}

export function aPlanContent(overrides: Partial<CameraPlanContent> = {}): CameraPlanContent {
  return { ...blankGridContent('Ground floor', 20, 10), ...overrides };
}
