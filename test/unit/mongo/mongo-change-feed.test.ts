import { EventEmitter } from 'node:events';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeFeeds, type ChangeSource, type ChangeStreamLike, type StreamStart } from '../../../src/adapters/mongo/mongo-change-feed.ts';

/**
 * Finding 5. FakeStream is a test double of the driver's ChangeStream as the feed uses it: an
 * EventEmitter that emits 'change' (documents with `_id` = resume token, `operationType`),
 * 'error' and 'close', with `close()` and `resumeToken` (the token of the last change). The
 * source records how each stream was started.
 */
class FakeStream extends EventEmitter implements ChangeStreamLike {
  closed = false;
  resumeToken: unknown = null;
  readonly start: StreamStart;
  constructor(start: StreamStart) {
    super();
    this.start = start;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
  change(token: number, operationType = 'insert'): void {
    this.resumeToken = { _data: token };
    this.emit('change', { _id: { _data: token }, operationType });
  }
  // The driver closes its stream after emitting a non-resumable error.
  fail(e: Error): void {
    this.emit('error', e);
    this.closed = true;
    this.emit('close');
  }
}

class FakeSource implements ChangeSource {
  streams: { collection: string; stream: FakeStream }[] = [];
  clusterTime = 100;
  async operationTime(): Promise<unknown> {
    return { t: (this.clusterTime += 1) };
  }
  open(collection: string, start: StreamStart): ChangeStreamLike {
    const stream = new FakeStream(start);
    this.streams.push({ collection, stream });
    return stream;
  }
  live(collection: string): FakeStream[] {
    return this.streams.filter((s) => s.collection === collection && !s.stream.closed).map((s) => s.stream);
  }
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('MongoDB live queries: one shared change stream per collection', () => {
  let source: FakeSource;
  let feeds: ChangeFeeds;
  beforeEach(() => {
    vi.useFakeTimers();
    source = new FakeSource();
    feeds = new ChangeFeeds(source, { pollMs: 1_000, reopenMs: 500 });
  });
  afterEach(async () => {
    await feeds.close();
    vi.useRealTimers();
  });

  it('a hundred subscribers (open tabs) of one collection share one stream, and each hears every change', async () => {
    const heard = Array.from({ length: 100 }, () => 0);
    const stops = heard.map((_, i) => feeds.subscribe('invoices', () => void (heard[i]! += 1)));
    feeds.subscribe('jobs', () => {});
    await settle();
    expect(source.live('invoices')).toHaveLength(1);
    expect(feeds.openStreams).toBe(2);
    const before = [...heard];
    source.live('invoices')[0]!.change(1);
    expect(heard.every((n, i) => n === before[i]! + 1)).toBe(true);
    for (const stop of stops) stop();
    expect(source.live('invoices')).toHaveLength(0);
    expect(feeds.openStreams).toBe(1);
  });

  it('starts at an operation time taken before it opens, then has every subscriber read again', async () => {
    let reads = 0;
    feeds.subscribe('clients', () => void (reads += 1));
    await settle();
    const [stream] = source.live('clients');
    expect(stream!.start).toEqual({ startAtOperationTime: { t: 101 } });
    // The read after the start time is known covers any change before it; the stream every one after.
    expect(reads).toBe(1);
  });

  it('a resumable error after events resumes after the last one seen; nothing is re-read', async () => {
    let calls = 0;
    feeds.subscribe('jobs', () => void (calls += 1));
    await settle();
    const first = source.live('jobs')[0]!;
    first.change(7);
    calls = 0;
    first.fail(new MongoNetworkError('connection reset'));
    await vi.advanceTimersByTimeAsync(500);
    const [second] = source.live('jobs');
    expect(second).not.toBe(first);
    expect(second!.start).toEqual({ startAfter: { _data: 7 } });
    second!.change(8);
    expect(calls).toBe(1);
  });

  it('a non-resumable error (history lost) polls until the stream is re-established at a new operation time', async () => {
    const log: string[] = [];
    feeds = new ChangeFeeds(source, { pollMs: 1_000, reopenMs: 5_000, log: (l) => log.push(l) });
    let calls = 0;
    feeds.subscribe('proposals', () => void (calls += 1));
    await settle();
    source.live('proposals')[0]!.change(3);
    calls = 0;
    source.live('proposals')[0]!.fail(new MongoServerError({ errmsg: 'Resume of change stream was not possible', code: 286, codeName: 'ChangeStreamHistoryLost' }));
    expect(source.live('proposals')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toBe(3); // the poll fallback
    await vi.advanceTimersByTimeAsync(2_000);
    const [again] = source.live('proposals');
    expect(again!.start).toEqual({ startAtOperationTime: expect.anything() });
    const afterReopen = calls;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(afterReopen); // polling stopped
    again!.change(4);
    expect(calls).toBe(afterReopen + 1);
    expect(log.join('\n')).toMatch(/proposals.*Resume of change stream was not possible.*polling/);
  });

  it('an invalidate (collection dropped or renamed) is followed by a stream starting after it', async () => {
    let calls = 0;
    feeds.subscribe('outbox', () => void (calls += 1));
    await settle();
    const first = source.live('outbox')[0]!;
    calls = 0;
    first.change(9, 'drop');
    first.change(10, 'invalidate');
    await settle();
    expect(first.closed).toBe(true);
    const [next] = source.live('outbox');
    expect(next!.start).toEqual({ startAfter: { _data: 10 } });
    expect(calls).toBe(2);
  });

  it('a stream that closes by itself is re-established; a failed start is retried with growing pauses', async () => {
    let failStarts = 2;
    const flaky: ChangeSource = {
      operationTime: async () => {
        if (failStarts-- > 0) throw new MongoNetworkError('no primary yet');
        return { t: 1 };
      },
      open: (c, s) => source.open(c, s),
    };
    feeds = new ChangeFeeds(flaky, { pollMs: 10_000, reopenMs: 500 });
    feeds.subscribe('reviews', () => {});
    await settle();
    expect(source.live('reviews')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500); // second failure, next pause 1 000 ms
    expect(source.live('reviews')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(source.live('reviews')).toHaveLength(1);
    source.live('reviews')[0]!.emit('close');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source.live('reviews')).toHaveLength(1);
  });

  it('after the last unsubscribe no timer or stream outlives the feed', async () => {
    const stop = feeds.subscribe('jobs', () => {});
    await settle();
    source.live('jobs')[0]!.fail(new MongoServerError({ errmsg: 'boom', code: 2 }));
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.live('jobs')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
