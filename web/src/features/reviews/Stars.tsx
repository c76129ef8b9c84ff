import { Star } from 'lucide-react';

/** A row of five stars; the label says the rating for screen readers. */
export function Stars({ rating, size = 'h-5 w-5', label }: { rating: number; size?: string; label?: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={label ?? `${rating} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={`${size} ${i <= full ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-400 dark:text-slate-600'}`}
        />
      ))}
    </span>
  );
}
