import { useState } from 'react';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/**
 * A number typed in full before it counts: the value is committed (one undo step) on Enter or
 * when the field loses focus, and only when it is a number within [min, max]; otherwise the
 * field says why and keeps the old value.
 */
export function NumberInput(props: {
  id: string;
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  step?: number;
  placeholder?: string;
  optional?: boolean;
  disabled?: boolean;
  onCommit(value: number | undefined): void;
}) {
  const shown = props.value === undefined ? '' : String(Math.round(props.value * 1000) / 1000);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [lastShown, setLastShown] = useState(shown);
  if (lastShown !== shown) {
    // The value changed elsewhere (undo, drag): show it (state adjusted while rendering).
    setLastShown(shown);
    setText(shown);
  }
  const commit = () => {
    if (text.trim() === '' && props.optional) {
      setError(null);
      if (props.value !== undefined) props.onCommit(undefined);
      return;
    }
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < props.min || n > props.max) {
      setError(`Enter a number from ${props.min} to ${props.max}.`);
      return;
    }
    setError(null);
    if (n !== props.value) props.onCommit(n);
  };
  return (
    <div>
      <label htmlFor={props.id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {props.label}
      </label>
      <input
        id={props.id}
        inputMode="decimal"
        className={inputClass}
        value={text}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {error && (
        <p id={`${props.id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export { inputClass as smallInputClass };
