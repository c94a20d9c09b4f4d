/**
 * Draws the latency distributions of the last browser runs as one SVG chart (the share of
 * samples at or under each latency, one line per distribution, the targets as vertical marks):
 * pixel latency and live delivery from results/pixel-latency.json, the manual command's pending
 * state and feedback from results/command-latency.json.
 *
 *   node bench/latency-chart.ts [--out bench/results/latency-distributions.svg]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const results = join(import.meta.dirname, 'results');
const { values: args } = parseArgs({
  options: { out: { type: 'string', default: join(results, 'latency-distributions.svg') } },
});

interface PixelRun {
  plcDelay: string;
  latencies: number[];
  deliveries: number[];
  loadAverage: number[];
}
const pixel = JSON.parse(readFileSync(join(results, 'pixel-latency.json'), 'utf8')) as {
  sessions: number;
  scanIntervalMs: number;
  runs: PixelRun[];
};
const command = JSON.parse(readFileSync(join(results, 'command-latency.json'), 'utf8')) as {
  pending: number[];
  feedback: number[];
  loadAverage: number[];
};

const delayName = (run: PixelRun) => (run.plcDelay === 'lib' ? '' : `, PLC ${run.plcDelay} ms`);
const series = [
  ...pixel.runs.map((run) => ({
    name: `Register -> pixel${delayName(run)}`,
    samples: run.latencies,
  })),
  ...pixel.runs.map((run) => ({
    name: `Register -> live stream${delayName(run)}`,
    samples: run.deliveries,
  })),
  { name: 'Click -> pending shown', samples: command.pending },
  { name: 'Click -> PLC feedback shown', samples: command.feedback },
];
const targets = [
  { ms: 100, label: 'pending / p50 100' },
  { ms: 200, label: 'feedback p95 200' },
  { ms: 250, label: 'pixel p99 250' },
  { ms: 300, label: 'p99 300 (PLC 20 ms)' },
];
const colors = ['#1677ff', '#fa8c16', '#13c2c2', '#eb2f96', '#52c41a', '#722ed1'];

const width = 1240;
const height = 480;
const plot = { left: 60, top: 40, right: 640, bottom: 420 };
const all = series.flatMap((s) => s.samples);
const xMax = Math.max(400, Math.ceil(Math.max(...all) / 100) * 100);
const x = (ms: number) => plot.left + (Math.min(ms, xMax) / xMax) * (plot.right - plot.left);
const y = (share: number) => plot.bottom - share * (plot.bottom - plot.top);
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const parts: string[] = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
  `<rect width="${width}" height="${height}" fill="white"/>`,
  `<text x="${plot.left}" y="22" font-size="14" font-weight="bold">${esc(
    `Latency distributions (${pixel.scanIntervalMs} ms scan, ${pixel.sessions} sessions; load average ${pixel.runs.map((r) => r.loadAverage.join('-')).join(', ')} for the register runs, ${command.loadAverage.join('-')} for the clicks, on 2 cores)`,
  )}</text>`,
];
for (let ms = 0; ms <= xMax; ms += 100) {
  parts.push(
    `<line x1="${x(ms)}" y1="${plot.top}" x2="${x(ms)}" y2="${plot.bottom}" stroke="#eee"/>`,
    `<text x="${x(ms)}" y="${plot.bottom + 16}" text-anchor="middle">${ms}</text>`,
  );
}
for (let share = 0; share <= 1.0001; share += 0.25) {
  parts.push(
    `<line x1="${plot.left}" y1="${y(share)}" x2="${plot.right}" y2="${y(share)}" stroke="#eee"/>`,
    `<text x="${plot.left - 6}" y="${y(share) + 4}" text-anchor="end">${Math.round(share * 100)}%</text>`,
  );
}
parts.push(
  `<text x="${(plot.left + plot.right) / 2}" y="${plot.bottom + 34}" text-anchor="middle">ms</text>`,
  `<text x="16" y="${(plot.top + plot.bottom) / 2}" transform="rotate(-90 16 ${(plot.top + plot.bottom) / 2})" text-anchor="middle">samples at or under</text>`,
);
for (const target of targets) {
  parts.push(
    `<line x1="${x(target.ms)}" y1="${plot.top}" x2="${x(target.ms)}" y2="${plot.bottom}" stroke="#999" stroke-dasharray="4 3"/>`,
  );
}
series.forEach((s, i) => {
  const sorted = [...s.samples].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  const points = sorted.flatMap((ms, k) => [
    `${x(ms).toFixed(1)},${y(k / sorted.length).toFixed(1)}`,
    `${x(ms).toFixed(1)},${y((k + 1) / sorted.length).toFixed(1)}`,
  ]);
  const color = colors[i % colors.length]!;
  const median = sorted[sorted.length >> 1]!;
  parts.push(
    `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.join(' ')}"/>`,
    `<rect x="${plot.right + 20}" y="${plot.top + i * 22}" width="14" height="4" fill="${color}"/>`,
    `<text x="${plot.right + 40}" y="${plot.top + i * 22 + 6}">${esc(
      `${s.name}: median ${Math.round(median)}, max ${Math.round(sorted.at(-1)!)} ms (n=${sorted.length})`,
    )}</text>`,
  );
});
parts.push(
  `<text x="${plot.right + 20}" y="${plot.top + series.length * 22 + 16}" fill="#666">${esc(
    `Dashed: targets at ${targets.map((t) => t.ms).join(', ')} ms`,
  )}</text>`,
  '</svg>',
);
writeFileSync(args.out, `${parts.join('\n')}\n`);
console.error(`wrote ${args.out}`);
