// One Service's traffic over virtual time as a uPlot chart: requests/s on the left axis, p50 and p99 latency
// (ms) on the right, the error rate (%) on a hidden 0–100 scale. uPlot's CSS is bundled (no CDN).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrafficSample } from '../../worker/dataplane.ts';

const WIDTH = 400;
const HEIGHT = 130;

export function chartData(samples: readonly TrafficSample[]): uPlot.AlignedData {
  return [
    samples.map((s) => s.t / 1000),
    samples.map((s) => s.rps),
    samples.map((s) => s.p50Ms),
    samples.map((s) => s.p99Ms),
    samples.map((s) => s.errorRate * 100),
  ];
}

export function SeriesChart({ samples }: { samples: readonly TrafficSample[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const labels = [t('dataPlane.traffic.rps'), t('dataPlane.traffic.p50'), t('dataPlane.traffic.p99'), t('dataPlane.traffic.errors')];
  const labelKey = labels.join('|');

  useEffect(() => {
    if (!box.current) return;
    const [rps, p50, p99, errors] = labelKey.split('|');
    const opts: uPlot.Options = {
      width: WIDTH,
      height: HEIGHT,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, rps: { auto: true }, ms: { auto: true }, pct: { range: [0, 100] } },
      axes: [
        { stroke: 'currentColor', size: 24, font: '10px sans-serif' },
        { scale: 'rps', stroke: 'currentColor', size: 40, font: '10px sans-serif' },
        { scale: 'ms', side: 1, stroke: 'currentColor', size: 46, font: '10px sans-serif', grid: { show: false } },
      ],
      series: [
        {},
        { label: rps, scale: 'rps', stroke: '#2f80ed', width: 1.5 },
        { label: p50, scale: 'ms', stroke: '#27ae60', width: 1 },
        { label: p99, scale: 'ms', stroke: '#f2994a', width: 1 },
        { label: errors, scale: 'pct', stroke: '#eb5757', width: 1, dash: [4, 3] },
      ],
    };
    plot.current = new uPlot(opts, [[], [], [], [], []], box.current);
    return () => {
      plot.current?.destroy();
      plot.current = null;
    };
  }, [labelKey]);

  useEffect(() => {
    plot.current?.setData(chartData(samples));
  }, [samples, labelKey]);

  return <div className="traffic-chart" data-testid="traffic-chart" ref={box} />;
}
