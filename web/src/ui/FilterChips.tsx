import { chipClass } from './styles.ts';

export interface Chip {
  id: string;
  label: string;
  pressed: boolean;
  onClick: () => void;
}

/** A group of toggle chips (aria-pressed) above a list, e.g. one per status plus "All". */
export function FilterChips(props: { label: string; chips: readonly Chip[] }) {
  return (
    <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label={props.label}>
      {props.chips.map((c) => (
        <button key={c.id} type="button" className={chipClass(c.pressed)} aria-pressed={c.pressed} onClick={c.onClick}>
          {c.label}
        </button>
      ))}
    </div>
  );
}
