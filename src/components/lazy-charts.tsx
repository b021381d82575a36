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

// Every chart in the app is a picture of figures that a table beside it carries for assistive
// technology, and sits in an aria-hidden container; recharts' keyboard layer would still put
// focusable elements inside it, so it is off unless a caller asks for it.
export function BarChart({ barChartProps, ...props }: BarChartProps) {
  return (
    <Suspense fallback={<Box h={props.h ?? 300} />}>
      <BarChartModule barChartProps={{ accessibilityLayer: false, ...barChartProps }} {...props} />
    </Suspense>
  );
}

export function DonutChart({ pieChartProps, pieProps, ...props }: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Box w={size} h={size} />}>
      <DonutChartModule
        pieChartProps={{ accessibilityLayer: false, ...pieChartProps }}
        pieProps={{ rootTabIndex: -1, ...pieProps }}
        {...props}
      />
    </Suspense>
  );
}
