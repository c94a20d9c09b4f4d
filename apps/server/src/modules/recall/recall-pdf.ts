import {
  orderNumber,
  recallEventLabels,
  recallEvents,
  recallSectionKeys,
  recallSectionLabels,
  recallStartLabels,
  type MockRecall,
  type RecallRecord,
} from '@roastery/contract';
import { renderPdf } from '../../lib/pdf-document.ts';
import { recallSummary } from './recall-export.ts';

const lbs = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} lb`;

function total(records: readonly RecallRecord[]): number {
  return Math.round(records.reduce((sum, r) => sum + r.quantity * 100, 0)) / 100;
}

/**
 * The recall's summary for the file: what was searched, when, by whom and how long it took;
 * counts and totals per section and per kind of event in the chain; the customers affected.
 * The records themselves are in the workbook.
 */
export function recallPdf(recall: MockRecall): Promise<Buffer> {
  return renderPdf(
    {
      title: 'Mock recall',
      subtitle: `${recallStartLabels[recall.start.kind]} ${recall.start.label}`,
    },
    (pdf) => {
      pdf.fields(recallSummary(recall));
      pdf.heading('Sections');
      pdf.table(
        [
          { header: 'Section', width: 0.5 },
          { header: 'Records', width: 0.2, align: 'right' },
          { header: 'Quantity', width: 0.3, align: 'right' },
        ],
        recallSectionKeys.map((key) => [
          recallSectionLabels[key],
          String(recall[key].length),
          lbs(total(recall[key])),
        ]),
      );
      pdf.heading('The whole chain by event');
      pdf.table(
        [
          { header: 'Event', width: 0.5 },
          { header: 'Records', width: 0.2, align: 'right' },
          { header: 'Quantity', width: 0.3, align: 'right' },
        ],
        recallEvents.flatMap((event) => {
          const of = recall.chain.filter((r) => r.event === event);
          return of.length === 0
            ? []
            : [[recallEventLabels[event], String(of.length), lbs(total(of))]];
        }),
      );
      pdf.heading('Customers affected');
      pdf.table(
        [
          { header: 'Customer', width: 0.3 },
          { header: 'Orders', width: 0.3 },
          { header: 'Quantity', width: 0.16, align: 'right' },
          { header: 'Last packed', width: 0.24 },
        ],
        recall.customers.map((c) => [
          c.customer || 'No customer named',
          c.orders.map(orderNumber).join(', '),
          lbs(c.lbs),
          c.last_packed.slice(0, 10),
        ]),
      );
      pdf.heading('Lots in the chain');
      pdf.paragraph(
        recall.lots.length === 0
          ? 'None.'
          : recall.lots.map((l) => `${l.lot_code} (${l.kind})`).join(', '),
      );
    },
  );
}
