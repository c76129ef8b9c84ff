/**
 * The heaviest functions of a V8 CPU profile (`node --cpu-prof`): self time and total time
 * (self + callees, each function counted once per sample), as a share of all samples.
 * Run: `node bench/profile-summary.ts <file.cpuprofile> [rows]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export function summariseProfile(file: string, rows = 25, focus?: RegExp): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const url = n.callFrame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/').replace(process.cwd() + '/', '');
    return `${n.callFrame.functionName || '(anonymous)'} ${url ? `${url}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
  let busy = 0;
  const stack = (id: number) => {
    const labels: string[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) labels.push(label(byId.get(cur)!));
    return labels;
  };
  for (const id of profile.samples) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === '(idle)') continue;
    if (focus && !stack(id).some((l) => focus.test(l))) continue;
    busy++;
    self.set(label(n), (self.get(label(n)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l) || idle.has(byId.get(cur)!.callFrame.functionName) || l === '(root)') continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + 1);
    }
  }
  const pct = (x: number) => `${((100 * x) / busy).toFixed(1).padStart(5)} %`;
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, rows).map(([l, x]) => `    ${pct(x)}  ${l}`).join('\n');
  return `  ${busy} busy samples\n  self time:\n${top(self)}\n  total time (with callees):\n${top(total)}`;
}

// `node bench/profile-summary.ts <file> [rows] [focus-regexp]`: only samples whose stack matches focus.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(summariseProfile(process.argv[2]!, Number(process.argv[3] ?? 40), process.argv[4] ? new RegExp(process.argv[4]) : undefined));
