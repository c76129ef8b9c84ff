/**
 * Vision detector bench: `node bench/vision.bench.ts` (Node 24; from any folder).
 * Fixed work, printed figures with their targets (issue 9):
 *  - median / p95 time per image at the model's input size, with 1 and with 2 workers;
 *  - throughput ratio 2 workers / 1 worker, same images, same run (target ≥ 1.7);
 *  - peak RSS of the process holding the 2-worker pool, workers included (target ≤ 400 MB);
 *  - tensors per worker before and after BENCH_VISION_IMAGES (default 500) images (must not grow).
 * Each pool size runs in its own child process, so one's memory does not count against the
 * other and the measured process holds only what a server would: the pool. The machine may be
 * shared, so the load average and an idle event-loop baseline are printed beside the figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PooledObjectDetector } from '../src/adapters/vision/pooled-object-detector.ts';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURES = path.resolve(PROJECT_ROOT, '../shared/fixtures/vision');
const INPUT_SIZE = 512;
const LEAK_IMAGES = Number(process.env.BENCH_VISION_IMAGES ?? 500);
const TIMED_IMAGES = Number(process.env.BENCH_VISION_TIMED ?? 40);
const WARM_UP_PER_WORKER = 4;
const MIN_SCORE = 0.3;
const TARGET_RATIO = 1.7;
const TARGET_RSS_MB = 400;

interface ChildFigures {
  workers: number;
  times: number[];
  wallMs: number;
  imagesPerSecond: number;
  tensorsBefore: number[];
  tensorsAfter: number[];
  imagesAfterWarmUp: number;
  rssAfterWarmUpMb: number;
  rssEndMb: number;
  peakRssMb: number;
  idleLagMaxMs: number;
  busyLagMaxMs: number;
  busyLagP99Ms: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
const rssMb = (): number => process.memoryUsage().rss / 1048576;
const fmt = (n: number, digits = 0): string => n.toFixed(digits);
const verdict = (ok: boolean): string => (ok ? 'OK' : 'MISSED');
const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

/** Sends `count` images keeping every worker busy (two in hand per worker); per-image times. */
async function feed(pool: PooledObjectDetector, images: Buffer[], count: number): Promise<{ times: number[]; wallMs: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < count) {
      const image = images[next % images.length] as Buffer;
      next += 1;
      times.push((await pool.detect(image, { minScore: MIN_SCORE })).timeMs);
    }
  };
  await Promise.all(Array.from({ length: pool.workers * 2 }, lane));
  return { times: times.sort((a, b) => a - b), wallMs: performance.now() - started };
}

/** One pool size in this process: warm up, time TIMED_IMAGES, then run up to `total` images. */
async function child(workers: number, total: number, imageDir: string): Promise<ChildFigures> {
  const images = readdirSync(imageDir).sort().map((f) => readFileSync(path.join(imageDir, f)));
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await sleep(1000);
  lag.disable();
  const idleLagMaxMs = lag.max / 1e6;
  lag.reset();

  const pool = new PooledObjectDetector({ workers, maxQueue: workers * 4, timeoutMs: 120_000 });
  try {
    await pool.ready();
    await feed(pool, images, WARM_UP_PER_WORKER * workers);
    const tensorsBefore = [...pool.tensorCounts().values()];
    const rssAfterWarmUpMb = rssMb();
    lag.enable();
    const timed = await feed(pool, images, TIMED_IMAGES);
    lag.disable();
    await feed(pool, images, Math.max(0, total - TIMED_IMAGES));
    return {
      workers,
      times: timed.times,
      wallMs: timed.wallMs,
      imagesPerSecond: (TIMED_IMAGES * 1000) / timed.wallMs,
      tensorsBefore,
      tensorsAfter: [...pool.tensorCounts().values()],
      imagesAfterWarmUp: Math.max(total, TIMED_IMAGES),
      rssAfterWarmUpMb,
      rssEndMb: rssMb(),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      idleLagMaxMs,
      busyLagMaxMs: lag.max / 1e6,
      busyLagP99Ms: lag.percentile(99) / 1e6,
    };
  } finally {
    await pool.close();
  }
}

function runChild(workers: number, total: number, imageDir: string): ChildFigures {
  const out = execFileSync(process.execPath, [import.meta.filename, '--child', String(workers), String(total), imageDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as ChildFigures;
}

function describeRun(f: ChildFigures): void {
  console.log(
    `${f.workers} worker${f.workers > 1 ? 's' : ' '}: median ${fmt(quantile(f.times, 0.5))} ms, p95 ${fmt(quantile(f.times, 0.95))} ms per image; ` +
      `${fmt(f.imagesPerSecond, 2)} images/s (${f.times.length} images in ${fmt(f.wallMs)} ms); ` +
      `event loop max ${fmt(f.busyLagMaxMs)} ms / p99 ${fmt(f.busyLagP99Ms)} ms (idle baseline max ${fmt(f.idleLagMaxMs)} ms)`,
  );
}

async function main(): Promise<void> {
  // sharp only here, in the parent: the measured children hold nothing but the pool.
  const { default: sharp } = await import('sharp');
  const names = readdirSync(FIXTURES).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  if (names.length === 0) throw new Error(`no photos in ${FIXTURES}`);
  const imageDir = mkdtempSync(path.join(tmpdir(), 'vision-bench-'));
  try {
    for (const name of names) {
      const resized = await sharp(readFileSync(path.join(FIXTURES, name))).resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
      writeFileSync(path.join(imageDir, `${path.parse(name).name}.jpg`), resized);
    }
    console.log(`vision bench — ${names.length} photos at ${INPUT_SIZE}×${INPUT_SIZE}, minScore ${MIN_SCORE}, Node ${process.version}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}, load average ${load()}`);
    const one = runChild(1, TIMED_IMAGES, imageDir);
    describeRun(one);
    const two = runChild(2, LEAK_IMAGES, imageDir);
    describeRun(two);

    const ratio = two.imagesPerSecond / one.imagesPerSecond;
    const grew = two.tensorsAfter.some((n, i) => n > (two.tensorsBefore[i] ?? Number.POSITIVE_INFINITY));
    console.log(`throughput 2 workers / 1 worker: ${fmt(ratio, 2)} (target ≥ ${TARGET_RATIO}) ${verdict(ratio >= TARGET_RATIO)}`);
    console.log(`peak RSS, 2-worker process: ${fmt(two.peakRssMb)} MB (target ≤ ${TARGET_RSS_MB} MB) ${verdict(two.peakRssMb <= TARGET_RSS_MB)}; 1-worker process: ${fmt(one.peakRssMb)} MB`);
    console.log(`RSS, 2 workers: ${fmt(two.rssAfterWarmUpMb)} MB after warm-up, ${fmt(two.rssEndMb)} MB after ${two.imagesAfterWarmUp} more images`);
    console.log(
      `tensors per worker: [${two.tensorsBefore.join(', ')}] after warm-up, [${two.tensorsAfter.join(', ')}] after ${two.imagesAfterWarmUp} more images ` +
        `(must not grow) ${verdict(!grew && two.tensorsAfter.length === 2)}`,
    );
    console.log(`load average after: ${load()}`);
  } finally {
    rmSync(imageDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const [workers, total, imageDir] = process.argv.slice(3);
  console.log(JSON.stringify(await child(Number(workers), Number(total), imageDir ?? '')));
} else {
  await main();
}
