import { describe, expect, it } from 'vitest';
import type { CameraPlanDto } from '#contracts/camera-plans.ts';
import { editorReducer, initEditor, isDirty, keyAction, type EditorAction, type EditorKey, type EditorState } from '../../../web/src/features/camera-planner/plan-editor-state.ts';
import { aPlanContent } from '../planner/camera-plan-factories.ts';

const aPlanDto = (overrides: Partial<CameraPlanDto> = {}): CameraPlanDto => ({
  ...aPlanContent(),
  floorPlan: null,
  id: 'plan-1',
  clientId: 'client-1',
  siteId: 'site-1',
  clientName: 'Ada Lovelace',
  siteLabel: null,
  version: 1,
  createdBy: { id: 'u1', name: 'Sam' },
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  canEdit: true,
  ...overrides,
});

const run = (s: EditorState, ...actions: EditorAction[]): EditorState => actions.reduce(editorReducer, s);
const key = (k: string, mods: Partial<Omit<EditorKey, 'key'>> = {}): EditorKey => ({ key: k, ctrl: false, shift: false, alt: false, ...mods });
const drawing = (s: EditorState) => s.history.present;

describe('the plan editor reducer', () => {
  it('starts clean on the loaded plan with the select tool', () => {
    const s = initEditor(aPlanDto());
    expect(isDirty(s)).toBe(false);
    expect(s.tool).toBe('select');
    expect(drawing(s).name).toBe('Ground floor');
  });

  it('adds walls, glass and doors (doors closed) with fresh ids, and areas as selected rectangles', () => {
    const s = run(
      initEditor(aPlanDto()),
      { type: 'draw-segment', kind: 'wall', a: { x: 0, y: 0 }, b: { x: 5, y: 0 } },
      { type: 'draw-segment', kind: 'door', a: { x: 5, y: 0 }, b: { x: 6, y: 0 } },
      { type: 'draw-segment', kind: 'area', a: { x: 4, y: 3 }, b: { x: 1, y: 1 } },
    );
    expect(drawing(s).walls).toEqual([
      { id: 'w1', a: { x: 0, y: 0 }, b: { x: 5, y: 0 }, kind: 'wall' },
      { id: 'w2', a: { x: 5, y: 0 }, b: { x: 6, y: 0 }, kind: 'door', open: false },
    ]);
    expect(drawing(s).areas).toEqual([
      { id: 'a1', name: 'Area 1', required: 'observe', polygon: [{ x: 1, y: 1 }, { x: 4, y: 1 }, { x: 4, y: 3 }, { x: 1, y: 3 }] },
    ]);
    expect(s.selection).toEqual({ kind: 'area', id: 'a1' });
    expect(isDirty(s)).toBe(true);
    expect(s.history.past).toHaveLength(3);
  });

  it('places a camera, selects it, moves it by drag (one undo step) and deletes it', () => {
    let s = run(initEditor(aPlanDto()), { type: 'place-camera', at: { x: 2, y: 2 }, item: null });
    expect(s.selection).toEqual({ kind: 'camera', id: 'c1' });
    expect(drawing(s).cameras[0]).toMatchObject({ id: 'c1', label: 'C1', model: 'Custom lens', position: { x: 2, y: 2 } });
    s = run(s, { type: 'live', kind: 'positions', id: 'c1', value: { x: 3, y: 3 }, phase: 'move' });
    expect(s.live.positions.get('c1')).toEqual({ x: 3, y: 3 });
    expect(drawing(s).cameras[0]!.position).toEqual({ x: 2, y: 2 });
    s = run(s, { type: 'live', kind: 'positions', id: 'c1', value: { x: 4, y: 4 }, phase: 'end' });
    expect(s.live.positions.size).toBe(0);
    expect(drawing(s).cameras[0]!.position).toEqual({ x: 4, y: 4 });
    expect(s.history.past).toHaveLength(2);
    s = run(s, { type: 'live', kind: 'headings', id: 'c1', value: 90, phase: 'end' });
    expect(drawing(s).cameras[0]!.headingDeg).toBe(90);
    s = run(s, { type: 'delete-selected' });
    expect(drawing(s).cameras).toEqual([]);
    expect(s.selection).toBeNull();
  });

  it('deletes a selected wall', () => {
    const s = run(
      initEditor(aPlanDto()),
      { type: 'draw-segment', kind: 'wall', a: { x: 0, y: 0 }, b: { x: 5, y: 0 } },
      { type: 'select', selection: { kind: 'wall', id: 'w1' } },
      { type: 'delete-selected' },
    );
    expect(drawing(s).walls).toEqual([]);
  });

  it('undoes and redoes edits, and is clean again once back at the saved drawing', () => {
    const start = initEditor(aPlanDto());
    const s = run(start, { type: 'draw-segment', kind: 'wall', a: { x: 0, y: 0 }, b: { x: 1, y: 0 } });
    const undone = run(s, { type: 'undo' });
    expect(drawing(undone)).toBe(drawing(start));
    expect(isDirty(undone)).toBe(false);
    const redone = run(undone, { type: 'redo' });
    expect(drawing(redone)).toBe(drawing(s));
    expect(isDirty(redone)).toBe(true);
  });

  it('a change to the same drawing is no step; saving makes the drawing clean', () => {
    const s = run(initEditor(aPlanDto()), { type: 'draw-segment', kind: 'glass', a: { x: 0, y: 0 }, b: { x: 1, y: 0 } });
    expect(run(s, { type: 'change', drawing: drawing(s) })).toBe(s);
    const saved = run(s, { type: 'request-started' }, { type: 'saved', plan: aPlanDto({ version: 2 }), drawing: drawing(s) });
    expect(isDirty(saved)).toBe(false);
    expect(saved.busy).toBe(false);
    expect(saved.plan.version).toBe(2);
    expect(saved.message).toEqual({ kind: 'ok', text: 'Saved (version 2).' });
  });

  it('a failed request keeps the edits and says why', () => {
    const s = run(initEditor(aPlanDto()), { type: 'draw-segment', kind: 'wall', a: { x: 0, y: 0 }, b: { x: 1, y: 0 } }, { type: 'request-started' });
    expect(s.busy).toBe(true);
    const failed = run(s, { type: 'request-failed', text: 'Could not save the plan.' });
    expect(failed).toMatchObject({ busy: false, message: { kind: 'error', text: 'Could not save the plan.' } });
    expect(isDirty(failed)).toBe(true);
  });

  it('a new floor plan starts a fresh, clean history with the scale tool', () => {
    const s = run(initEditor(aPlanDto()), { type: 'draw-segment', kind: 'wall', a: { x: 0, y: 0 }, b: { x: 1, y: 0 } }, { type: 'floor-plan-uploaded', plan: aPlanDto({ version: 3 }) });
    expect(s.history.past).toEqual([]);
    expect(drawing(s).walls).toEqual([]);
    expect(isDirty(s)).toBe(false);
    expect(s.tool).toBe('scale');
  });

  it('sets the scale from the marked line and the typed distance, and refuses a distance of 0', () => {
    let s = run(initEditor(aPlanDto()), { type: 'draw-segment', kind: 'scale', a: { x: 0, y: 0 }, b: { x: 300, y: 400 } }, { type: 'scale-text', text: '0' }, { type: 'apply-scale' });
    expect(s.message?.kind).toBe('error');
    expect(drawing(s).scale).toBeNull();
    s = run(s, { type: 'scale-text', text: '5' }, { type: 'apply-scale' });
    expect(drawing(s).metresPerUnit).toBe(0.01);
    expect(s).toMatchObject({ pendingScale: null, tool: 'select', message: { kind: 'ok', text: 'Scale set: 100.0 px per metre.' } });
  });
});

describe('the plan editor keys', () => {
  const withCamera = () => run(initEditor(aPlanDto()), { type: 'place-camera', at: { x: 2, y: 2 }, item: null });
  const press = (s: EditorState, k: EditorKey) => {
    const hit = keyAction(s, k);
    return hit ? editorReducer(s, hit.action) : s;
  };

  it.each([
    ['ArrowRight', false, { x: 2.1, y: 2 }],
    ['ArrowUp', true, { x: 2, y: 1 }],
  ])('%s (shift %s) nudges the selected camera', (k, shift, position) => {
    const moved = drawing(press(withCamera(), key(k, { shift }))).cameras[0]!.position;
    expect(moved.x).toBeCloseTo(position.x);
    expect(moved.y).toBeCloseTo(position.y);
  });

  it('turns, deletes, undoes and picks tools', () => {
    let s = press(withCamera(), key('['));
    expect(drawing(s).cameras[0]!.headingDeg).toBe(355);
    expect(keyAction(s, key('Delete'))?.preventDefault).toBe(true);
    s = press(s, key('Delete'));
    expect(drawing(s).cameras).toEqual([]);
    s = press(s, key('Z', { ctrl: true }));
    expect(drawing(s).cameras).toHaveLength(1);
    s = press(s, key('w'));
    expect(s.tool).toBe('wall');
    expect(press(s, key('s')).tool).toBe('wall');
    expect(press(s, key('Escape'))).toMatchObject({ tool: 'select', selection: null });
  });

  it('a view-only user can undo but not edit', () => {
    const s = run(initEditor(aPlanDto({ canEdit: false })), { type: 'place-camera', at: { x: 1, y: 1 }, item: null });
    expect(keyAction(s, key('Delete'))).toBeNull();
    expect(keyAction(s, key('w'))).toBeNull();
    expect(keyAction(s, key('z', { ctrl: true }))?.action).toEqual({ type: 'undo' });
  });
});
