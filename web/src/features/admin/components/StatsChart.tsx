// The dashboard chart (recharts): its own chunk, loaded after the dashboard's numbers are on screen.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '@/lib/format';
import type { DailyStat } from '../api/stats';

const shortDay = (day: string) => day.slice(5); // "11-22"

/** Orders per day as bars (left axis) and revenue per day as a line (right axis). */
export default function StatsChart({ daily }: { daily: DailyStat[] }) {
  return (
    <div className="admin-chart-canvas" data-testid="stats-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={daily} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} fontSize={12} />
          <YAxis yAxisId="orders" allowDecimals={false} fontSize={12} width={36} />
          <YAxis
            yAxisId="revenue"
            orientation="right"
            fontSize={12}
            width={64}
            tickFormatter={(v: number) => `$${v}`}
          />
          <Tooltip
            labelFormatter={(day) => String(day)}
            formatter={(value, name) => (name === 'Revenue' ? formatPrice(Number(value)) : value)}
          />
          <Legend />
          <Bar
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            fill="#1d4ed8"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            name="Revenue"
            type="monotone"
            stroke="#b45309"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
