import type { ReactNode, Ref } from 'react';

/**
 * A record's detail as a modal panel from the right: a click on the shade or Escape closes it
 * while `closable` (false while a form in it is open, so nothing typed is lost).
 */
export function SidePanel({
  onClose,
  closable = true,
  width,
  labelledBy,
  label,
  ref,
  children,
}: {
  onClose: () => void;
  closable?: boolean;
  /** Tailwind max-width class, e.g. 'max-w-2xl'. */
  width: string;
  labelledBy?: string;
  label?: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-slate-900/40" onClick={closable ? onClose : undefined}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={label}
        tabIndex={-1}
        className={`h-full w-full min-w-0 ${width} overflow-y-auto bg-white p-4 sm:p-6 shadow-xl outline-none dark:bg-slate-950`}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && closable) onClose();
        }}
      >
        {children}
      </div>
    </div>
  );
}
