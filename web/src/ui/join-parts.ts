/** "Service · Grace Lin": the parts of a header or label that have text, joined; an empty part never leaves a dangling "Service ·". */
export const joinParts = (parts: readonly (string | null | undefined | false)[], separator = ' · '): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim()).join(separator);
