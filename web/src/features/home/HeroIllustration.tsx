/** A house under a shield, drawn for this site (no downloaded artwork). Decorative. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 260" role="presentation" aria-hidden="true" className={className} width="320" height="260">
      <rect x="20" y="226" width="280" height="8" rx="4" className="fill-slate-200 dark:fill-slate-800" />
      <path d="M70 130 L160 62 L250 130 V226 H70 Z" className="fill-white stroke-slate-300 dark:fill-slate-900 dark:stroke-slate-700" strokeWidth="4" />
      <path d="M56 136 L160 56 L264 136" fill="none" className="stroke-blue-700 dark:stroke-blue-400" strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="142" y="168" width="36" height="58" rx="3" className="fill-blue-700 dark:fill-blue-500" />
      <rect x="92" y="150" width="34" height="30" rx="3" className="fill-sky-100 stroke-slate-300 dark:fill-sky-950 dark:stroke-slate-600" strokeWidth="3" />
      <rect x="194" y="150" width="34" height="30" rx="3" className="fill-sky-100 stroke-slate-300 dark:fill-sky-950 dark:stroke-slate-600" strokeWidth="3" />
      <g transform="translate(236 40)">
        <path d="M30 0 L58 10 V32 C58 50 46 62 30 70 C14 62 2 50 2 32 V10 Z" className="fill-emerald-600 dark:fill-emerald-500" />
        <path d="M17 35 L27 45 L44 25" fill="none" stroke="white" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <g transform="translate(40 96)">
        <rect x="0" y="0" width="26" height="14" rx="4" className="fill-slate-700 dark:fill-slate-300" />
        <circle cx="20" cy="7" r="4" className="fill-sky-300 dark:fill-sky-700" />
        <rect x="8" y="14" width="4" height="12" className="fill-slate-700 dark:fill-slate-300" />
      </g>
    </svg>
  );
}
