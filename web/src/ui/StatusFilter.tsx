/** "in-progress" → "In progress": a slug nobody labelled still reads as words. */
export const slugLabel = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).replace(/[-_]+/g, ' ');

/** A labelled select that filters a back-office list; '' means all. Options read through `labels` (the vocabulary's label map). */
export function StatusFilter<T extends string>(props: {
  id: string;
  label: string;
  value: T | undefined;
  options: readonly T[];
  onChange: (v: T | undefined) => void;
  labels?: Readonly<Partial<Record<T, string>>>;
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
      {props.label}
      <select
        id={props.id}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : (e.target.value as T))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
      >
        <option value="">All</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.labels?.[o] ?? slugLabel(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
