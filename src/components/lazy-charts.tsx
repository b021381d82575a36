import type { BarChartProps, DonutChartProps } from '@mantine/charts';
import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The chart library is the largest dependency of the app; pages load it only when a chart is on
// screen. While it loads, an empty box of the chart's size keeps the layout from jumping.
const BarChartModule = lazy(() =>
  import('./chart-library').then((module) => ({ default: module.BarChart })),
);
const DonutChartModule = lazy(() =>
  import('./chart-library').then((module) => ({ default: module.DonutChart })),
);

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Box h={props.h ?? 300} />}>
      <BarChartModule {...props} />
    </Suspense>
  );
}

export function DonutChart(props: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Box w={size} h={size} />}>
      <DonutChartModule {...props} />
    </Suspense>
  );
}
