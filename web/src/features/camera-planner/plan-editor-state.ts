/**
 * The plan editor's state and every edit to it, as a pure reducer: the drawing with its undo
 * history, what was last saved (dirty = the drawing is not that one), the tool, the selection,
 * live drags and turns, the scale being set, the camera model to place, the message and whether
 * a request is running. use-plan-editor.ts sends the actions and runs the requests; keyboard
 * shortcuts are mapped to actions here (`keyAction`) so they are tested without a browser.
 */
import type { CameraPlanDto } from '#contracts/camera-plans.ts';
import type { InventoryItemDto } from '#contracts/inventory.ts';
import { commit, drawingOf, newCamera, nextId, rectOf, redo, removeSelected, startHistory, undo, updateCamera, type Drawing, type History, type Selection, type Tool } from './drawing.ts';

export type Pt = { x: number; y: number };

export interface EditorMessage {
  kind: 'error' | 'ok';
  text: string;
}

export interface EditorState {
  plan: CameraPlanDto;
  history: History;
  /** The drawing as last saved or loaded. */
  saved: Drawing;
  tool: Tool;
  selection: Selection;
  /** Cameras being dragged or turned: shown (and sent to the geometry worker) until the gesture ends. */
  live: { positions: ReadonlyMap<string, Pt>; headings: ReadonlyMap<string, number> };
  pendingScale: { a: Pt; b: Pt } | null;
  scaleText: string;
  /** The inventory model the camera tool places ('' for a custom lens). */
  modelId: string;
  message: EditorMessage | null;
  busy: boolean;
}

export type SegmentKind = 'wall' | 'glass' | 'door' | 'area' | 'scale';

export type EditorAction =
  | { type: 'change'; drawing: Drawing }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'tool'; tool: Tool }
  | { type: 'select'; selection: Selection }
  | { type: 'model'; modelId: string }
  | { type: 'scale-text'; text: string }
  | { type: 'cancel-scale' }
  | { type: 'apply-scale' }
  | { type: 'escape' }
  | { type: 'draw-segment'; kind: SegmentKind; a: Pt; b: Pt }
  | { type: 'place-camera'; at: Pt; item: InventoryItemDto | null }
  | { type: 'live'; kind: 'positions'; id: string; value: Pt; phase: 'move' | 'end' }
  | { type: 'live'; kind: 'headings'; id: string; value: number; phase: 'move' | 'end' }
  | { type: 'delete-selected' }
  | { type: 'request-started' }
  | { type: 'request-failed'; text: string }
  | { type: 'saved'; plan: CameraPlanDto; drawing: Drawing }
  | { type: 'floor-plan-uploaded'; plan: CameraPlanDto };

export function initEditor(plan: CameraPlanDto): EditorState {
  const history = startHistory(drawingOf(plan));
  return {
    plan,
    history,
    saved: history.present,
    tool: 'select',
    selection: null,
    live: { positions: new Map(), headings: new Map() },
    pendingScale: null,
    scaleText: '',
    modelId: '',
    message: null,
    busy: false,
  };
}

export const isDirty = (s: EditorState): boolean => s.history.present !== s.saved;

const change = (s: EditorState, next: Drawing): EditorState => {
  const history = commit(s.history, next);
  return history === s.history ? s : { ...s, history };
};

function drawSegment(s: EditorState, kind: SegmentKind, a: Pt, b: Pt): EditorState {
  const d = s.history.present;
  if (kind === 'scale') return { ...s, pendingScale: { a, b }, scaleText: '' };
  if (kind === 'area') {
    const r = rectOf(a, b);
    const id = nextId('a', d.areas);
    const polygon = [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
      { x: r.x, y: r.y + r.height },
    ];
    return { ...change(s, { ...d, areas: [...d.areas, { id, name: `Area ${d.areas.length + 1}`, polygon, required: 'observe' }] }), selection: { kind: 'area', id } };
  }
  const id = nextId('w', d.walls);
  return change(s, { ...d, walls: [...d.walls, { id, a, b, kind, ...(kind === 'door' ? { open: false } : {}) }] });
}

function applyScale(s: EditorState): EditorState {
  const distanceM = Number(s.scaleText);
  const p = s.pendingScale;
  if (!p || !(distanceM > 0 && distanceM <= 10_000)) return { ...s, message: { kind: 'error', text: 'Enter the real distance between the two points, in metres (more than 0).' } };
  const len = Math.hypot(p.b.x - p.a.x, p.b.y - p.a.y);
  const next = change(s, { ...s.history.present, scale: { ...p, distanceM }, metresPerUnit: distanceM / len });
  return { ...next, pendingScale: null, tool: 'select', message: { kind: 'ok', text: `Scale set: ${(len / distanceM).toFixed(1)} px per metre.` } };
}

/** A drag or turn: live while it lasts, one undo step when it ends. */
function liveEdit(s: EditorState, a: Extract<EditorAction, { type: 'live' }>): EditorState {
  const map = new Map<string, Pt | number>(s.live[a.kind]);
  if (a.phase === 'move') map.set(a.id, a.value);
  else map.delete(a.id);
  const next = { ...s, live: { ...s.live, [a.kind]: map } };
  if (a.phase === 'move') return next;
  const patch = a.kind === 'positions' ? { position: a.value } : { headingDeg: a.value };
  return change(next, updateCamera(s.history.present, a.id, patch));
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'change':
      return change(s, a.drawing);
    case 'undo':
      return { ...s, history: undo(s.history) };
    case 'redo':
      return { ...s, history: redo(s.history) };
    case 'tool':
      return { ...s, tool: a.tool };
    case 'select':
      return { ...s, selection: a.selection };
    case 'model':
      return { ...s, modelId: a.modelId };
    case 'scale-text':
      return { ...s, scaleText: a.text };
    case 'cancel-scale':
      return { ...s, pendingScale: null };
    case 'apply-scale':
      return applyScale(s);
    case 'escape':
      return { ...s, selection: null, pendingScale: null, tool: 'select' };
    case 'draw-segment':
      return drawSegment(s, a.kind, a.a, a.b);
    case 'place-camera': {
      const d = s.history.present;
      const id = nextId('c', d.cameras);
      return { ...change(s, { ...d, cameras: [...d.cameras, newCamera(id, d.cameras.length + 1, a.at, a.item)] }), selection: { kind: 'camera', id } };
    }
    case 'live':
      return liveEdit(s, a);
    case 'delete-selected':
      return { ...change(s, removeSelected(s.history.present, s.selection)), selection: null };
    case 'request-started':
      return { ...s, busy: true, message: null };
    case 'request-failed':
      return { ...s, busy: false, message: { kind: 'error', text: a.text } };
    case 'saved':
      return { ...s, busy: false, plan: a.plan, saved: a.drawing, message: { kind: 'ok', text: `Saved (version ${a.plan.version}).` } };
    case 'floor-plan-uploaded': {
      const fresh = drawingOf(a.plan);
      return {
        ...s,
        busy: false,
        plan: a.plan,
        history: startHistory(fresh),
        saved: fresh,
        selection: null,
        tool: 'scale',
        message: { kind: 'ok', text: 'Floor plan uploaded. Now set its scale: drag between two points whose distance you know.' },
      };
    }
  }
}

export const TOOLS: { tool: Tool; label: string; key: string }[] = [
  { tool: 'select', label: 'Select / move', key: 'v' },
  { tool: 'wall', label: 'Wall', key: 'w' },
  { tool: 'glass', label: 'Glass', key: 'g' },
  { tool: 'door', label: 'Door', key: 'd' },
  { tool: 'area', label: 'Area of interest', key: 'a' },
  { tool: 'camera', label: 'Camera', key: 'c' },
  { tool: 'scale', label: 'Set scale', key: 's' },
];

/** The tools offered: setting the scale needs a floor plan. */
export const toolsOf = (plan: CameraPlanDto) => TOOLS.filter((t) => t.tool !== 'scale' || plan.floorPlan);

/** A key pressed in the editor, outside form fields. */
export interface EditorKey {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

const ARROWS: Record<string, Pt> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

/**
 * The shortcut a key stands for, and whether the browser's own handling of it is prevented:
 * Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and redo, Escape drops the selection and the scale line,
 * Delete removes the selection, arrows nudge the selected camera 0.1 m (Shift: 1 m), [ and ]
 * turn it 5°, and a tool's letter picks the tool. Editing keys need edit permission.
 */
export function keyAction(s: EditorState, k: EditorKey): { action: EditorAction; preventDefault: boolean } | null {
  const key = k.key.toLowerCase();
  if (k.ctrl && key === 'z') return { action: { type: k.shift ? 'redo' : 'undo' }, preventDefault: true };
  if (k.ctrl && key === 'y') return { action: { type: 'redo' }, preventDefault: true };
  if (k.key === 'Escape') return { action: { type: 'escape' }, preventDefault: false };
  if (!s.plan.canEdit || k.ctrl || k.alt) return null;
  const d = s.history.present;
  const sel = s.selection;
  if ((k.key === 'Delete' || k.key === 'Backspace') && sel) return { action: { type: 'delete-selected' }, preventDefault: true };
  const cam = sel?.kind === 'camera' ? d.cameras.find((c) => c.id === sel.id) : undefined;
  const arrow = ARROWS[k.key];
  if (cam && arrow) {
    const step = (k.shift ? 1 : 0.1) / d.metresPerUnit;
    const position = { x: cam.position.x + arrow.x * step, y: cam.position.y + arrow.y * step };
    return { action: { type: 'change', drawing: updateCamera(d, cam.id, { position }) }, preventDefault: true };
  }
  if (cam && (k.key === '[' || k.key === ']')) {
    const headingDeg = (cam.headingDeg + (k.key === ']' ? 5 : -5) + 360) % 360;
    return { action: { type: 'change', drawing: updateCamera(d, cam.id, { headingDeg }) }, preventDefault: true };
  }
  const tool = toolsOf(s.plan).find((t) => t.key === key);
  return tool && !k.shift ? { action: { type: 'tool', tool: tool.tool }, preventDefault: false } : null;
}
