import { useState, type ReactNode } from 'react';
import { inputClass } from './styles.ts';
import { Options } from './Options.tsx';
import { Button } from './Button.tsx';

/**
 * The search box above a list: the list searches when the form is submitted (not per key);
 * filter controls (e.g. `FilterSelect`) go in as children, after the Search button.
 */
export function SearchForm(props: { query: string; placeholder: string; onSearch: (q: string) => void; children?: ReactNode }) {
  const [text, setText] = useState(props.query);
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(text.trim());
      }}
    >
      <label className="flex flex-col text-sm">
        <span className="font-medium">Search</span>
        <input className={inputClass} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={props.placeholder} />
      </label>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {props.children}
    </form>
  );
}

/**
 * A labelled select that filters or orders a list: one option per value in `options`, shown by
 * its label; `allLabel` adds a first option with the value '' (no filter).
 */
export function FilterSelect<V extends string>(props: {
  label: string;
  value: string;
  options: readonly V[];
  labels: Readonly<Record<V, string>>;
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col text-sm">
      <span className="font-medium">{props.label}</span>
      <select className={inputClass} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        <Options values={props.options} labels={props.labels} />
      </select>
    </label>
  );
}
