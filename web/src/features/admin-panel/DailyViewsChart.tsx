import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Daily page views for the last days, oldest left. Loaded lazily: recharts stays out of public pages. */
export default function DailyViewsChart({ data }: { data: { date: string; views: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} stroke="currentColor" fontSize={12} />
        <YAxis allowDecimals={false} stroke="currentColor" fontSize={12} />
        <Tooltip />
        <Bar dataKey="views" name="Page views" fill="#1d4ed8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
