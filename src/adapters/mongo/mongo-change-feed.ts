import { MongoError, MongoErrorLabel } from 'mongodb';

/**
 * Live queries on MongoDB: one change stream per collection, shared by every subscriber of it
 * (each open back-office tab subscribes; a stream per subscription held a pooled connection each,
 * and near a hundred tabs ordinary queries queued for connections).
 *
 * Nothing is missed between a subscriber's first read and the stream: a stream starts at an
 * operation time taken from the server before it is opened (`startAtOperationTime`), and every
 * subscriber is told to read again once that time is known, so a change is either in that read
 * or an event of the stream. (The old code waited for an 'init' event the driver's ChangeStream
 * never emits: its cursor's 'init' is not forwarded.)
 *
 * Errors: the driver resumes by itself on a resumable error once its cursor is open. Any error
 * that still reaches us is handled here: a resumable one (network, no primary, the
 * ResumableChangeStreamError label) re-opens after the last event seen (`startAfter` its resume
 * token); anything else (history lost, invalidate, the stream closed) re-establishes the stream at
 * a fresh operation time and re-reads, and until it is back every subscriber is refreshed by
 * polling, with a growing pause between attempts.
 */
export interface ChangeEventLike {
  _id?: unknown;
  operationType?: string;
}

/** The part of the driver's ChangeStream the feed uses (an EventEmitter with close()). */
export interface ChangeStreamLike {
  on(event: 'change', listener: (change: ChangeEventLike) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  close(): Promise<void>;
  readonly resumeToken: unknown;
}

export type StreamStart = { startAtOperationTime?: unknown } | { startAfter: unknown };

export interface ChangeSource {
  /** The server's current operation time (undefined when it gives none). */
  operationTime(): Promise<unknown>;
  open(collection: string, start: StreamStart): ChangeStreamLike;
}

export interface ChangeFeedOptions {
  /** Refresh period while a stream is down. */
  pollMs?: number;
  /** First pause before re-establishing a stream; doubles up to maxReopenMs. */
  reopenMs?: number;
  maxReopenMs?: number;
  log?: (line: string) => void;
}

export const isResumable = (e: unknown): boolean =>
  e instanceof MongoError && (/Network|ServerSelection/.test(e.name) || e.code === 43 || e.hasErrorLabel(MongoErrorLabel.ResumableChangeStreamError));

interface Feed {
  listeners: Set<() => void>;
  stream: ChangeStreamLike | null;
  /** Bumped whenever the current stream is replaced or stopped: events of older ones are ignored. */
  generation: number;
  poll: ReturnType<typeof setInterval> | null;
  reopen: ReturnType<typeof setTimeout> | null;
  failures: number;
}

export class ChangeFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly pollMs: number;
  private readonly reopenMs: number;
  private readonly maxReopenMs: number;
  private readonly log: (line: string) => void;
  private readonly source: ChangeSource;

  constructor(source: ChangeSource, options: ChangeFeedOptions = {}) {
    this.source = source;
    this.pollMs = options.pollMs ?? 2_000;
    this.reopenMs = options.reopenMs ?? 500;
    this.maxReopenMs = options.maxReopenMs ?? 30_000;
    this.log = options.log ?? (() => {});
  }

  /** Calls `listener` after changes to the collection (and after every re-establishment). */
  subscribe(collection: string, listener: () => void): () => void {
    let feed = this.feeds.get(collection);
    if (!feed) {
      feed = { listeners: new Set(), stream: null, generation: 0, poll: null, reopen: null, failures: 0 };
      this.feeds.set(collection, feed);
    }
    const wrapped = (): void => listener();
    feed.listeners.add(wrapped);
    if (feed.listeners.size === 1) void this.start(collection, feed, {});
    const f = feed;
    return () => {
      if (!f.listeners.delete(wrapped) || f.listeners.size > 0) return;
      this.stop(f);
      this.feeds.delete(collection);
    };
  }

  /** Streams open now (one per collection with subscribers). */
  get openStreams(): number {
    return [...this.feeds.values()].filter((f) => f.stream !== null).length;
  }

  async close(): Promise<void> {
    for (const [collection, feed] of this.feeds) {
      this.stop(feed);
      this.feeds.delete(collection);
    }
  }

  private notify(feed: Feed): void {
    for (const l of [...feed.listeners]) l();
  }

  private stop(feed: Feed): void {
    feed.generation += 1;
    if (feed.poll) clearInterval(feed.poll);
    if (feed.reopen) clearTimeout(feed.reopen);
    feed.poll = null;
    feed.reopen = null;
    const s = feed.stream;
    feed.stream = null;
    if (s) void s.close().catch(() => {});
  }

  private async start(collection: string, feed: Feed, start: StreamStart): Promise<void> {
    const generation = feed.generation;
    let from = start;
    if (!('startAfter' in from)) {
      try {
        from = { startAtOperationTime: await this.source.operationTime() };
      } catch (e) {
        if (feed.generation === generation) this.failed(collection, feed, e, false);
        return;
      }
    }
    if (feed.generation !== generation) return;
    let stream: ChangeStreamLike;
    try {
      stream = this.source.open(collection, from);
    } catch (e) {
      this.failed(collection, feed, e, false);
      return;
    }
    feed.stream = stream;
    const current = (): boolean => feed.generation === generation && feed.stream === stream;
    stream.on('change', (change) => {
      if (!current()) return;
      feed.failures = 0;
      this.notify(feed);
      // A dropped or renamed collection ends the stream with 'invalidate': follow on after it.
      if (change.operationType === 'invalidate') this.replace(collection, feed, { startAfter: change._id });
    });
    stream.on('error', (e) => {
      if (current()) this.failed(collection, feed, e, true);
    });
    stream.on('close', () => {
      if (current()) this.failed(collection, feed, new Error('the change stream closed'), false);
    });
    if (feed.poll) clearInterval(feed.poll);
    feed.poll = null;
    // Started at an operation time: whatever changed before it is in this read.
    if (!('startAfter' in from)) this.notify(feed);
  }

  private replace(collection: string, feed: Feed, start: StreamStart): void {
    this.stop(feed);
    void this.start(collection, feed, start);
  }

  private failed(collection: string, feed: Feed, e: unknown, mayResume: boolean): void {
    const token = feed.stream?.resumeToken;
    const resume = mayResume && isResumable(e) && token != null;
    this.stop(feed);
    feed.failures += 1;
    const wait = Math.min(this.maxReopenMs, this.reopenMs * 2 ** (feed.failures - 1));
    this.log(`Live updates of '${collection}': ${(e as Error).message ?? String(e)}; ${resume ? 'resuming' : 'polling every ' + this.pollMs + ' ms and re-opening'} in ${wait} ms.`);
    if (!resume) {
      feed.poll = setInterval(() => this.notify(feed), this.pollMs);
      feed.poll.unref?.();
    }
    const generation = feed.generation;
    feed.reopen = setTimeout(() => {
      feed.reopen = null;
      if (feed.generation !== generation) return;
      void this.start(collection, feed, resume ? { startAfter: token } : {});
    }, wait);
    feed.reopen.unref?.();
  }
}
