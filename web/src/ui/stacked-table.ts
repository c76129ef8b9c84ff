/**
 * Below the `sm` breakpoint a table turns into a stack of cards: the header row is read by screen
 * readers only, each row is a card and each cell a line "Label … value" (the label comes from
 * `data-label`), so nothing scrolls sideways on a phone. DataTable uses it; tables that are not
 * lists (a document's lines, a report) use it too, so every table stacks the same way. No imports:
 * public pages use it without the table library.
 */
export const stacked = {
  table: 'w-full text-sm max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:px-3 max-sm:py-2',
  cell: "max-sm:flex max-sm:min-w-0 max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 max-sm:text-right max-sm:[overflow-wrap:anywhere] max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400",
  /** The header of a table with sort buttons: on a phone a bar of those buttons ("Name ↑  Added"); plain headers hide. */
  sortHead: 'max-sm:block',
  sortHeadRow: 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2',
  sortableTh: 'max-sm:p-0 whitespace-nowrap',
  plainTh: 'max-sm:hidden',
  /** A cell whose value speaks for itself (the row's title, its actions): no label, full width. */
  bareCell: 'max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:[overflow-wrap:anywhere]',
} as const;

/** A body cell's props: with a label it shows "label … value" on a phone; without one (the row's title, its actions) it spans the card. */
export const stackedCell = (label: string | undefined, className = ''): { 'data-label'?: string; className: string } =>
  label === undefined ? { className: `${stacked.bareCell} ${className}`.trim() } : { 'data-label': label, className: `${stacked.cell} ${className}`.trim() };
