/**
 * An EventSource that admits when it does not get through. A proxy that buffers the stream
 * delivers nothing until it closes; so the stream counts as live only once one of the
 * `handlers` events arrived, and `onFallback` is called when none did within `proofMs`, when it
 * fails before that, when it is closed for good, or when the browser has no EventSource. The
 * caller then polls instead. Returns a function that closes the stream.
 */
export interface LiveStreamOptions {
  url: string;
  /** Listeners by event type; any of these events proves the stream is live. */
  handlers: Record<string, (event: MessageEvent<string>) => void>;
  proofMs: number;
  onFallback: () => void;
  /** After the stream was live, dropped and reconnected by itself (a change may have been missed). */
  onReconnect?: () => void;
}

export function openLiveStream(options: LiveStreamOptions): () => void {
  if (typeof EventSource === 'undefined') {
    options.onFallback();
    return () => {};
  }
  const source = new EventSource(options.url);
  let live = false;
  let opened = false;
  let done = false;
  const fallback = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    source.close();
    options.onFallback();
  };
  const timer = setTimeout(() => {
    if (!live) fallback();
  }, options.proofMs);
  for (const [type, handler] of Object.entries(options.handlers)) {
    source.addEventListener(type, (event) => {
      live = true;
      handler(event as MessageEvent<string>);
    });
  }
  source.addEventListener('open', () => {
    if (opened && live) options.onReconnect?.();
    opened = true;
  });
  source.addEventListener('error', () => {
    // EventSource reconnects by itself after a dropped stream; give up if it never worked or
    // the browser stopped trying (e.g. a 401 after signing out elsewhere).
    if (!live || source.readyState === EventSource.CLOSED) fallback();
  });
  return () => {
    done = true;
    clearTimeout(timer);
    source.close();
  };
}
