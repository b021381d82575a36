import { Table, VisuallyHidden } from '@mantine/core';
import { BarChart } from '@/components/lazy-charts';
import { useFormatters } from '@/lib/format';

interface MoneyBar {
  label: string;
  total: number;
}

interface MoneyBarChartProps {
  bars: MoneyBar[];
  /** Names the hidden table that screen readers read instead of the chart. */
  caption: string;
  seriesLabel: string;
  /** Column headings of that table; left out, rows are headed by their label. */
  columns?: [string, string];
  height: number;
  gridAxis?: 'x' | 'y';
}

/** Money per period as bars, with the same figures as a table for screen readers. */
export function MoneyBarChart({
  bars,
  caption,
  seriesLabel,
  columns,
  height,
  gridAxis = 'y',
}: MoneyBarChartProps) {
  const format = useFormatters();
  return (
    <>
      <div aria-hidden data-testid="money-bar-chart">
        <BarChart
          h={height}
          data={bars}
          dataKey="label"
          series={[{ name: 'total', label: seriesLabel, color: 'teal.6' }]}
          valueFormatter={(value) => format.money(value)}
          tickLine="y"
          gridAxis={gridAxis}
          withLegend={false}
          yAxisProps={{ width: 96 }}
          barProps={{ radius: [4, 4, 0, 0] }}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          {columns ? (
            <thead>
              <tr>
                <th>{columns[0]}</th>
                <th>{columns[1]}</th>
              </tr>
            </thead>
          ) : null}
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{format.money(bar.total)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
