import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One stacked series: its label, colour and a value per category. */
export interface Serie {
  label: string;
  cor: string;
  valores: number[];
}

/**
 * Stacked bars with uPlot (loaded with the dashboard screen only). uPlot has no stacking of its own: each series is
 * drawn as the running sum up to it, the tallest first, so each band shows its own part. The x axis is the category's
 * position; `rotulos` label it. The legend is the screen's (the values uPlot would show are the running sums).
 */
export function Barras({ rotulos, series, altura = 220, titulo }: { rotulos: string[]; series: Serie[]; altura?: number; titulo: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = rotulos.map((_, i) => i);
    const acumulado: number[][] = [];
    series.forEach((s, k) => acumulado.push(s.valores.map((v, i) => v + (k ? acumulado[k - 1][i] : 0))));
    const ordem = series.map((_, k) => k).reverse();
    const bars = uPlot.paths.bars!({ size: [0.7, 40], align: 0 });
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height: altura,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: { x: { time: false, range: [-0.6, Math.max(0, xs.length - 0.4)] }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
      axes: [
        {
          values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (rotulos[t] ?? '') : '')),
          space: 40,
          grid: { show: false },
        },
        { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? t.toLocaleString('pt-BR') : '')), size: 48 },
      ],
      series: [{}, ...ordem.map((k) => ({ label: series[k].label, stroke: series[k].cor, fill: series[k].cor, width: 0, paths: bars, points: { show: false } }))],
    };
    const plot = new uPlot(opts, [xs, ...ordem.map((k) => acumulado[k])], el);
    const ro = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: altura }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [rotulos, series, altura]);
  return <div ref={box} className="dash-grafico" role="img" aria-label={titulo} />;
}
