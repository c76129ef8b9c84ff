/** The last `days` calendar days ending at `lastDay` (YYYY-MM-DD), with 0 for days without views. */
export function dailySeries(dailyStats: Readonly<Record<string, number>>, lastDay: string, days = 30): { date: string; views: number }[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, views: dailyStats[date] ?? 0 };
  });
}
