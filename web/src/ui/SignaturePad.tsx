import { useEffect, useRef, useState } from 'react';

const WIDTH = 600;
const HEIGHT = 180;
/** A handwriting face where the system has one; any cursive face otherwise. */
const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "URW Chancery L", "Z003", cursive';

function blank(c: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ctx = c.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.lineWidth = 3;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#0f172a';
  ctx.fillStyle = '#0f172a';
  return ctx;
}

/** The typed name in a script face, as large as fits the pad. */
function drawTyped(c: HTMLCanvasElement, name: string): void {
  const ctx = blank(c);
  if (!ctx) return;
  let size = 72;
  do {
    ctx.font = `italic ${size}px ${SCRIPT_FONT}`;
    size -= 4;
  } while (size > 20 && ctx.measureText(name).width > WIDTH - 40);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, WIDTH / 2, HEIGHT / 2, WIDTH - 40);
}

/**
 * A signature pad (mouse, pen or finger through pointer events). `onChange` receives a PNG data
 * URL after each stroke, or null when cleared. With `typed` set (the keyboard way to sign), the
 * pad shows that name in a script face instead and reports it as the signature. Switching
 * between drawing and typing: give the pad a new `key`, so it starts blank.
 */
export function SignaturePad(props: { onChange: (dataUrl: string | null) => void; label: string; typed?: string | null; hint?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);
  const { onChange, typed } = props;
  const typing = typed !== undefined && typed !== null;

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    if (!typing) {
      blank(c);
      onChange(null);
      return;
    }
    const name = typed.trim();
    if (name.length < 2) {
      blank(c);
      onChange(null);
      return;
    }
    drawTyped(c, name);
    onChange(c.toDataURL('image/png'));
    // onChange is the parent's setter: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typing, typed]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * e.currentTarget.width) / r.width, y: ((e.clientY - r.top) * e.currentTarget.height) / r.height };
  };

  const clear = () => {
    const c = canvas.current;
    if (!c || !blank(c)) return;
    setInked(false);
    onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={typing ? `${props.label}: your typed name in script` : props.label}
        data-testid="signature-pad"
        className={`block aspect-[10/3] w-full max-w-xl touch-none rounded-md border-2 bg-white ${typing ? 'border-slate-300' : 'cursor-crosshair border-slate-400'}`}
        onPointerDown={(e) => {
          if (typing) return;
          e.preventDefault();
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          drawing.current = true;
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
          // A tap leaves a dot.
          ctx.lineTo(p.x + 0.1, p.y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          const p = point(e);
          ctx.lineTo(p.x, p.y);
          ctx.stroke();
        }}
        onPointerUp={(e) => {
          if (!drawing.current) return;
          drawing.current = false;
          setInked(true);
          onChange(e.currentTarget.toDataURL('image/png'));
        }}
        onPointerCancel={() => (drawing.current = false)}
      />
      {!typing && (
        <div className="mt-1 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <span aria-live="polite">{inked ? 'Signed.' : (props.hint ?? 'Sign inside the box.')}</span>
          <button type="button" className="underline" onClick={clear} disabled={!inked}>
            Clear
          </button>
        </div>
      )}
    </div>
  );
}
