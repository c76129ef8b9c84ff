/** One page of a list and the opaque cursor of the next one (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
