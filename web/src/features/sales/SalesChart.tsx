import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartType,
} from 'chart.js';

// Only the parts the sales charts draw, so the rest of Chart.js stays out of the page's chunk.
Chart.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);
// Drawn at once, not grown into place, for a reader who asked for less motion.
if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) Chart.defaults.animation = false;

/**
 * A chart drawn on a canvas, which a screen reader reads as one image named by `summary`; its
 * figures are in the table beside it (SalesPage), for those who cannot see it. `config` is drawn
 * again only when it changes: memoise it.
 */
export function SalesChart<Type extends ChartType>({ config, summary }: { config: ChartConfiguration<Type>; summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="sales-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
