/** A labelled select that filters a back-office list; '' means all. */
export function StatusFilter<T extends string>(props: { id: string; label: string; value: T | undefined; options: readonly T[]; onChange: (v: T | undefined) => void }) {
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
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
