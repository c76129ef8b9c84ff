/**
 * A setting that cannot work (STORAGE_URL, DATABASE_URL): main.ts prints the message, one line
 * naming the setting and the path, and exits 78 like the configuration check; scripts print it
 * too. Never a stack trace for an operator's typo or a damaged file.
 */
export class StartupCheckError extends Error {
  readonly setting: string;

  constructor(setting: string, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StartupCheckError';
    this.setting = setting;
  }
}

/** A URL as it may be shown: secrets in the query or the user info replaced by '…'. */
export function redactedUrl(url: string): string {
  return url.replace(/((?:secretAccessKey|accessKeyId|password|token)=)[^&]*/gi, '$1…').replace(/\/\/([^/@?]*):[^/@?]*@/, '//$1:…@');
}

/** The cause of a failure in a few words, for the one line. */
export function reasonOf(e: unknown): string {
  const err = e as { message?: string; cause?: { code?: string; name?: string; message?: string } } | undefined;
  const own = (err?.message ?? String(e)).split('\n')[0]!;
  // A filesystem error wrapped by the storage says it best itself ("ENOTDIR: not a directory, mkdir '…'").
  const sys = err?.cause;
  if (sys?.code && sys.message?.startsWith(`${sys.code}: `)) return sys.message.split('\n')[0]!.slice(0, 300);
  // "Max retry time … exceeded" says little without what kept failing (ECONNREFUSED, a 503…).
  const cause = err?.cause?.code ?? err?.cause?.name ?? err?.cause?.message;
  return (cause && !own.includes(cause) ? `${own} (${cause})` : own).slice(0, 300);
}
