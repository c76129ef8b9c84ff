/** The `<option>`s of a select: one per value, shown by its label (a table or a function). */
export function Options<V extends string>(props: { values: readonly V[]; labels: Readonly<Record<V, string>> | ((value: V) => string) }) {
  const { labels } = props;
  return props.values.map((v) => (
    <option key={v} value={v}>
      {typeof labels === 'function' ? labels(v) : labels[v]}
    </option>
  ));
}

/** A site picker's `<option>`s: first the empty choice (`placeholder`), then one per site by its label. */
export function SiteOptions(props: { placeholder: string; sites: readonly { id: string; label: string }[] | undefined }) {
  return (
    <>
      <option value="">{props.placeholder}</option>
      {props.sites?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.label}
        </option>
      ))}
    </>
  );
}
