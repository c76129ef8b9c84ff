import type { Box } from './object-detector.ts';

/**
 * How an image was fitted into the model's input: `stretch` scales each axis on its own
 * (aspect ratio lost); `letterbox` scales both axes by the same factor and pads the rest,
 * centred.
 */
export type ResizeMode = 'stretch' | 'letterbox';

export interface InputGeometry {
  inputWidth: number;
  inputHeight: number;
  originalWidth: number;
  originalHeight: number;
  mode: ResizeMode;
}

/** Maps a box from model-input pixels back to original-image pixels, clamped to the image. */
export function mapBoxToOriginal(box: Box, g: InputGeometry): Box {
  let scaleX: number;
  let scaleY: number;
  let padX = 0;
  let padY = 0;
  if (g.mode === 'stretch') {
    scaleX = g.inputWidth / g.originalWidth;
    scaleY = g.inputHeight / g.originalHeight;
  } else {
    const scale = Math.min(g.inputWidth / g.originalWidth, g.inputHeight / g.originalHeight);
    scaleX = scale;
    scaleY = scale;
    padX = (g.inputWidth - g.originalWidth * scale) / 2;
    padY = (g.inputHeight - g.originalHeight * scale) / 2;
  }
  const x1 = clamp((box.x - padX) / scaleX, 0, g.originalWidth);
  const y1 = clamp((box.y - padY) / scaleY, 0, g.originalHeight);
  const x2 = clamp((box.x + box.width - padX) / scaleX, 0, g.originalWidth);
  const y2 = clamp((box.y + box.height - padY) / scaleY, 0, g.originalHeight);
  return { x: x1, y: y1, width: Math.max(0, x2 - x1), height: Math.max(0, y2 - y1) };
}

/** Box from corner coordinates (x1, y1, x2, y2), as many detectors output them. */
export function boxFromCorners(x1: number, y1: number, x2: number, y2: number): Box {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/** Whole pixels, still inside the image: rounds corners, not sizes, so boxes never grow past an edge. */
export function roundBox(box: Box): Box {
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  return { x, y, width: Math.round(box.x + box.width) - x, height: Math.round(box.y + box.height) - y };
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
