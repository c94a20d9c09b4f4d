import {
  checkActual,
  checkLimit,
  criterionLabels,
  formatDuration,
  formatTemperature,
  orderNumber,
  type Deviation,
  type FoodSafetyDay,
  type MonitoringRecord,
  type TemperatureUnit,
} from '@roastery/contract';
import { renderPdf, type PdfWriter } from '../../lib/pdf-document.ts';
import { readBatch, readDay } from './day-records.ts';
import { formatLbs, formatUtc } from './food-safety-format.ts';
import type { FoodSafetyContext } from './food-safety-context.ts';

const verdict = (met: boolean | null) => (met === null ? 'no limit' : met ? 'met' : 'MISSED');
const degrees = (f: number, unit: TemperatureUnit) => formatTemperature(f, unit, 0);

function monitoringFields(pdf: PdfWriter, m: MonitoringRecord, unit: TemperatureUnit): void {
  pdf.fields([
    ['Lot', m.lot_number || '—'],
    ['Product', m.product_name],
    [
      'Batch',
      `${m.batch_seq ?? '—'} of order ${m.order_id === null ? '—' : orderNumber(m.order_id)}`,
    ],
    ['Roaster', m.roaster],
    ['Dropped', formatUtc(m.dropped_at)],
    ['Recorded', `${formatUtc(m.recorded_at)} from the PLC's values`],
    ['Person', m.person],
    ['Kill step', m.kill_step ? 'yes: the roast is the kill step' : 'no'],
    ['Max BT', degrees(m.max_bt_f, unit)],
    ['End temperature', degrees(m.end_bt_f, unit)],
    ['Total time', formatDuration(m.total_s)],
    ['Colour', m.colour === null ? '—' : String(m.colour)],
    ['Result', m.met ? 'every limit met' : 'a limit was missed'],
    ...(m.corrects === null
      ? []
      : [['Corrects', `record ${m.corrects}: ${m.correction_reason ?? ''}`] as [string, string]]),
  ]);
  pdf.table(
    [
      { header: 'Check', width: 0.34 },
      { header: 'Measured', width: 0.26 },
      { header: 'Limit', width: 0.26 },
      { header: 'Result', width: 0.14 },
    ],
    m.checks.map((c) => [
      criterionLabels[c.criterion],
      checkActual(c, m, unit),
      checkLimit(c, unit),
      verdict(c.met),
    ]),
  );
}

function deviationRows(deviations: readonly Deviation[]): string[][] {
  return deviations.map((d) => {
    const a = d.corrective_action;
    return [
      String(d.id),
      d.subject,
      d.description,
      a ? `${a.who}: ${a.what} (${formatUtc(a.when)}; entered by ${a.entered_by})` : 'OPEN',
    ];
  });
}

const deviationColumns = [
  { header: 'No.', width: 0.07 },
  { header: 'About', width: 0.17 },
  { header: 'Deviation', width: 0.38 },
  { header: 'Corrective action', width: 0.38 },
];

/** A batch's food-safety record, printable: its monitoring records and their deviations. */
export async function batchRecordPdf(ctx: FoodSafetyContext, batchId: number): Promise<Buffer> {
  const [record, unit] = await Promise.all([readBatch(ctx, batchId), ctx.temperatureUnit()]);
  const lot = record.monitoring.at(-1)?.lot_number;
  return renderPdf(
    {
      title: `Food-safety batch record, lot ${lot || `of batch ${batchId}`}`,
      subtitle: 'Monitoring of the critical limits, written from the PLC; 21 CFR 117.190',
    },
    (pdf) => {
      for (const m of record.monitoring) {
        pdf.heading(`Monitoring record ${m.id}`);
        monitoringFields(pdf, m, unit);
      }
      pdf.heading('Deviations and corrective actions');
      pdf.table(deviationColumns, deviationRows(record.deviations));
    },
  );
}

function dayTables(pdf: PdfWriter, d: FoodSafetyDay, unit: TemperatureUnit): void {
  pdf.heading('Monitoring records');
  pdf.table(
    [
      { header: 'Lot', width: 0.13 },
      { header: 'Product', width: 0.19 },
      { header: 'Roaster', width: 0.12 },
      { header: 'Kill step', width: 0.14 },
      { header: 'End', width: 0.1, align: 'right' },
      { header: 'Time', width: 0.08, align: 'right' },
      { header: 'Colour', width: 0.08, align: 'right' },
      { header: 'Person', width: 0.16 },
    ],
    d.monitoring.map((m) => {
      const kill = m.checks.find((c) => c.criterion === 'time_at_temperature');
      return [
        m.lot_number || '—',
        m.product_name,
        m.roaster,
        kill ? `${checkActual(kill, m, unit)} ${verdict(kill.met)}` : 'not a kill step',
        degrees(m.end_bt_f, unit),
        formatDuration(m.total_s),
        m.colour === null ? '—' : String(m.colour),
        m.met ? m.person : `${m.person}; MISSED`,
      ];
    }),
  );
  pdf.heading('Deviations opened');
  pdf.table(deviationColumns, deviationRows(d.deviations));
  pdf.heading('Corrective actions recorded');
  pdf.table(
    [
      { header: 'Deviation', width: 0.12 },
      { header: 'Who', width: 0.18 },
      { header: 'What', width: 0.46 },
      { header: 'When', width: 0.24 },
    ],
    d.corrective_actions.map((a) => [String(a.deviation_id), a.who, a.what, formatUtc(a.when)]),
  );
  pdf.heading('Checks at packing');
  pdf.table(
    [
      { header: 'Order', width: 0.12 },
      { header: 'Time', width: 0.2 },
      { header: 'Fe / non-Fe / stainless', width: 0.26 },
      { header: 'Check-weigher', width: 0.22 },
      { header: 'By', width: 0.2 },
    ],
    d.packing_checks.map((p) => [
      p.order_number,
      formatUtc(p.at),
      `${p.metal_fe} / ${p.metal_non_fe} / ${p.metal_stainless}`,
      `${p.check_weigher}, ${formatLbs(p.check_weigher_lbs)}`,
      p.by,
    ]),
  );
}

/** A day's food-safety records, printable, with the supervisor's signatures. */
export async function dayRecordsPdf(ctx: FoodSafetyContext, day: string): Promise<Buffer> {
  const [records, unit] = await Promise.all([readDay(ctx, day), ctx.temperatureUnit()]);
  return renderPdf(
    {
      title: `Food-safety records of ${day}`,
      subtitle: 'Monitoring, deviations, corrective actions, checks at packing; day in UTC',
    },
    (pdf) => {
      dayTables(pdf, records, unit);
      pdf.heading('Verification');
      if (records.signatures.length === 0) pdf.paragraph('Not signed yet.');
      else
        pdf.fields(
          records.signatures.map((s) => [
            `Signed ${formatUtc(s.at)}`,
            `${s.by}; records sha256 ${s.record_sha256}${s.intact ? '' : ' (RECORDS CHANGED SINCE)'}`,
          ]),
        );
      if (records.unsigned_records > 0)
        pdf.paragraph(`${records.unsigned_records} records written after the last signature.`);
    },
  );
}
