/**
 * The plan editor's behaviour around the pure reducer (plan-editor-state.ts): the geometry
 * worker fed with the drawing and live drags, the camera models, the save and floor-plan upload
 * requests, the keyboard shortcuts and the unsaved-changes warning.
 */
import { useCallback, useMemo, useReducer, useRef, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraPlanDto } from '#contracts/camera-plans.ts';
import { apiFetch, ApiRequestError } from '#lib/api.ts';
import { useUnsavedChangesWarning } from '#ui/unsaved-changes.ts';
import { asSave, type Drawing, type Selection } from './drawing.ts';
import { editorReducer, initEditor, isDirty, keyAction, type Pt, type SegmentKind } from './plan-editor-state.ts';
import { cameraModelsQuery, PLANS_KEY, planQuery } from './queries.ts';
import { MET_PERCENT, usePlanGeometry } from './use-plan-geometry.ts';

export function usePlanEditor(initial: CameraPlanDto) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, initial, initEditor);
  const fileRef = useRef<HTMLInputElement>(null);
  const models = useQuery(cameraModelsQuery).data ?? [];
  const { plan } = state;
  const d = state.history.present;
  const dirty = isDirty(state);
  useUnsavedChangesWarning(dirty && plan.canEdit);
  const geo = usePlanGeometry(d);
  const unmet = useMemo(() => new Set((geo.coverage?.areas ?? []).filter((a) => a.requiredPercent < MET_PERCENT).map((a) => a.id)), [geo.coverage]);

  const change = useCallback((next: Drawing) => dispatch({ type: 'change', drawing: next }), []);
  const select = useCallback((selection: Selection) => dispatch({ type: 'select', selection }), []);

  const stored = (next: CameraPlanDto) => {
    queryClient.setQueryData(planQuery(next.id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: [...PLANS_KEY, 'list'] });
  };

  const save = async () => {
    dispatch({ type: 'request-started' });
    try {
      const next = await apiFetch<CameraPlanDto>(`/api/camera-plans/${encodeURIComponent(plan.id)}`, { method: 'PUT', json: asSave(d, plan.version) });
      dispatch({ type: 'saved', plan: next, drawing: d });
      stored(next);
    } catch (e) {
      dispatch({ type: 'request-failed', text: e instanceof ApiRequestError ? e.message : 'Could not save the plan.' });
    }
  };

  const upload = async (file: File) => {
    const drawn = d.walls.length + d.cameras.length + d.areas.length > 0;
    if (drawn && !window.confirm('A new floor plan starts a fresh drawing: the walls, cameras and areas drawn so far are removed. Continue?')) return;
    if (dirty && !window.confirm('Unsaved changes will be lost. Continue?')) return;
    dispatch({ type: 'request-started' });
    try {
      const form = new FormData();
      form.set('version', String(plan.version));
      form.set('file', file, file.name);
      const next = await apiFetch<CameraPlanDto>(`/api/camera-plans/${encodeURIComponent(plan.id)}/floor-plan`, { method: 'PUT', body: form });
      dispatch({ type: 'floor-plan-uploaded', plan: next });
      stored(next);
    } catch (e) {
      dispatch({ type: 'request-failed', text: e instanceof ApiRequestError ? e.message : 'Could not upload the floor plan.' });
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('input, select, textarea')) return;
    const hit = keyAction(state, { key: e.key, ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey });
    if (!hit) return;
    if (hit.preventDefault) e.preventDefault();
    dispatch(hit.action);
  };

  return {
    state,
    dispatch,
    drawing: d,
    dirty,
    models,
    geo,
    unmet,
    fileRef,
    change,
    select,
    save,
    upload,
    keyDown,
    drawSegment: (kind: SegmentKind, a: Pt, b: Pt) => dispatch({ type: 'draw-segment', kind, a, b }),
    placeCamera: (at: Pt) => dispatch({ type: 'place-camera', at, item: models.find((m) => m.id === state.modelId) ?? null }),
    cameraDrag: (id: string, at: Pt, phase: 'move' | 'end') => {
      dispatch({ type: 'live', kind: 'positions', id, value: at, phase });
      if (phase === 'move') geo.move(id, at);
    },
    cameraRotate: (id: string, headingDeg: number, phase: 'move' | 'end') => {
      dispatch({ type: 'live', kind: 'headings', id, value: headingDeg, phase });
      if (phase === 'move') geo.rotate(id, headingDeg);
    },
  };
}
