import { useEffect, useRef, useState } from 'react';

/**
 * A drawing pad for the customer's signature (mouse, pen or finger through pointer events).
 * `onChange` receives a PNG data URL after each stroke, or null when cleared.
 */
export function SignaturePad(props: { onChange: (dataUrl: string | null) => void; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#0f172a';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * e.currentTarget.width) / r.width, y: ((e.clientY - r.top) * e.currentTarget.height) / r.height };
  };

  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, c.width, c.height);
    setInked(false);
    props.onChange(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        width={600}
        height={180}
        role="img"
        aria-label={props.label}
        data-testid="signature-pad"
        className="w-full max-w-xl touch-none rounded-md border border-slate-400 bg-white"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          drawing.current = true;
          const p = point(e);
          ctx.beginPath();
          ctx.moveTo(p.x, p.y);
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
          props.onChange(e.currentTarget.toDataURL('image/png'));
        }}
      />
      <div className="mt-1 flex items-center gap-3 text-xs text-slate-500">
        <span>{inked ? 'Signed.' : 'Sign inside the box.'}</span>
        <button type="button" className="underline" onClick={clear}>
          Clear
        </button>
      </div>
    </div>
  );
}
