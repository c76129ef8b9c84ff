import type { CoverageSummary } from '#domain/planner/planner-engine.ts';
import { MET_PERCENT } from './use-plan-geometry.ts';

const LAYERS = ['coverage', 'detect', 'observe', 'recognise', 'identify'] as const;
const HEAD = ['Any', 'Detect', 'Observe', 'Recognise', 'Identify'];

/** Coverage of the whole plan and of each area of interest, per DORI level; unmet areas in red. */
export function CoverageTable({ coverage }: { coverage: CoverageSummary | null }) {
  if (!coverage) return <p className="text-sm text-slate-600 dark:text-slate-400">Computing coverage…</p>;
  const pct = (n: number) => `${n.toFixed(1)} %`;
  return (
    <div className="overflow-x-auto">
      <p className="mb-2 text-sm">
        Plan covered: <strong data-testid="coverage-total">{pct(coverage.plan.coverage)}</strong> of {coverage.planAreaM2.toFixed(0)} m²
      </p>
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Coverage per DORI level</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-1 pr-2">
              Where
            </th>
            {HEAD.map((h) => (
              <th key={h} scope="col" className="py-1 pl-1 text-right">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-100 dark:border-slate-800">
            <th scope="row" className="py-1 pr-2 font-medium">
              Whole plan
            </th>
            {LAYERS.map((l) => (
              <td key={l} className="pl-1 text-right tabular-nums">
                {pct(coverage.plan[l])}
              </td>
            ))}
          </tr>
          {coverage.areas.map((a, i) => {
            const met = a.requiredPercent >= MET_PERCENT;
            return (
              <tr key={a.id} className={`border-b border-slate-100 dark:border-slate-800 ${met ? '' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'}`} data-testid={`area-row-${a.id}`}>
                <th scope="row" className="py-1 pr-2 font-medium">
                  {a.name || `Area ${i + 1}`}
                  <span className="block font-normal">
                    needs {a.required}: {met ? 'met' : `only ${pct(a.requiredPercent)}`}
                  </span>
                </th>
                {LAYERS.map((l) => (
                  <td key={l} className={`pl-1 text-right tabular-nums ${l === a.required ? 'font-bold' : ''}`}>
                    {pct(a.percent[l])}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
