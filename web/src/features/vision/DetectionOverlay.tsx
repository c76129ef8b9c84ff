import type { DetectionDto } from '#contracts/vision.ts';
import { categoryOf } from '#domain/vision/coco-classes.ts';

const COLOUR = { person: '#f97316', vehicle: '#22d3ee', animal: '#a3e635' } as const;

export const colourOf = (label: string): string => COLOUR[categoryOf(label) ?? 'person'];

/**
 * The image with its boxes. The SVG's viewBox is the image's own pixel size, so boxes in
 * original pixels line up at whatever size the image is displayed.
 */
export function DetectionOverlay(props: { src: string; alt: string; width: number; height: number; detections: DetectionDto[]; captionOf: (d: DetectionDto) => string }) {
  const font = Math.max(10, Math.round(props.width / 64));
  return (
    <div className="relative w-full overflow-hidden rounded-md bg-slate-900">
      <img src={props.src} alt={props.alt} width={props.width} height={props.height} className="block h-auto w-full" />
      <svg
        className="pointer-events-none absolute inset-0 h-full w-full"
        viewBox={`0 0 ${props.width} ${props.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${props.detections.length} detections drawn over the image`}
        data-testid="detection-overlay"
      >
        {props.detections.map((d, i) => {
          const colour = colourOf(d.label);
          const caption = props.captionOf(d);
          const labelY = d.box.y > font + 4 ? d.box.y - 4 : d.box.y + font + 2;
          return (
            <g key={i} data-testid="detection-box" data-label={d.label}>
              <rect x={d.box.x} y={d.box.y} width={d.box.width} height={d.box.height} fill="none" stroke={colour} strokeWidth={2} vectorEffect="non-scaling-stroke" />
              <text x={d.box.x + 2} y={labelY} fontSize={font} fill={colour} stroke="#000" strokeWidth={font / 6} paintOrder="stroke" fontFamily="system-ui, sans-serif">
                {caption}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
