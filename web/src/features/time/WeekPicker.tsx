import { useId } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addDays, weekStartOf } from '#domain/time/zoned-week.ts';
import { Button } from '#ui/Button.tsx';
import { inputClass } from '#ui/styles.ts';
import { weekLabel } from './format.ts';

/** Previous / this / next week, or any day picked from a calendar (its Monday is used). */
export function WeekPicker(props: { week: string; thisWeek: string; onChange: (week: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button variant="secondary" aria-label="Previous week" onClick={() => props.onChange(addDays(props.week, -7))}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </Button>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Week
        </label>
        <input
          id={id}
          type="date"
          value={props.week}
          onChange={(e) => e.target.value && props.onChange(weekStartOf(e.target.value))}
          className={`${inputClass} mt-1`}
        />
      </div>
      <Button variant="secondary" aria-label="Next week" onClick={() => props.onChange(addDays(props.week, 7))}>
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
      <Button variant="ghost" disabled={props.week === props.thisWeek} onClick={() => props.onChange(props.thisWeek)}>
        This week
      </Button>
      <p className="w-full text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        Monday to Sunday: {weekLabel(props.week)}
      </p>
    </div>
  );
}
