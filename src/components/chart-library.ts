// recharts and Mantine's chart styles, loaded as one chunk the first time a chart is shown.
import '@mantine/charts/styles.css';

export { BarChart, DonutChart } from '@mantine/charts';
