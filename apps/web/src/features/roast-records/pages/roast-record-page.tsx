import { useState } from 'react';
import { useParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import Card from 'antd/es/card';
import type { RoastRecord } from '@roastery/contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RoastCurveChart } from '../../../components/roast-curve-chart.tsx';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { useRoastRecord, useRoastRecordOfBatch } from '../api/get-roast-record.ts';
import { EventMarks } from '../components/event-marks.tsx';
import { PhaseBar } from '../components/phase-bar.tsx';
import { RoastAlogButton } from '../components/roast-alog-button.tsx';
import { RoastNotes } from '../components/roast-notes.tsx';
import { RoastSummary } from '../components/roast-summary.tsx';
import styles from './roast-record-page.module.css';

/** A roast's record, by its own id. */
export function RoastRecordPage() {
  const { id } = useParams();
  return <RecordScreen query={useRoastRecord(Number(id))} />;
}

/** A batch's roast record, from the screens that know the batch (the lot trace). */
export function RoastRecordOfBatchPage() {
  const { batchId } = useParams();
  return <RecordScreen query={useRoastRecordOfBatch(Number(batchId))} />;
}

/** The record once loaded; until then, or when it cannot be, the screen keeps its title. */
function RecordScreen({ query }: { query: UseQueryResult<RoastRecord> }) {
  if (query.data) return <RecordView record={query.data} />;
  return (
    <>
      <PageHeader title="Roast record" />
      <QueryState query={query}>{(record) => <RecordView record={record} />}</QueryState>
    </>
  );
}

function RecordView({ record }: { record: RoastRecord }) {
  const [picked, setPicked] = useState<number | null>(null);
  const title = `Roast #${record.id}`;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${record.product?.name ?? 'No product'} on ${record.roaster_name}, ${formatSpelledTime(record.charged_at)}`}
        actions={<RoastAlogButton id={record.id} name={`${record.roaster} roast ${record.id}`} />}
      />
      <div className={styles.columns}>
        <div className={styles.main}>
          <Card title="Curves" size="small">
            <RoastCurveChart
              samples={record.samples}
              reference={record.reference}
              events={record.events}
              pickedS={picked}
              onPick={setPicked}
              height={460}
              label={`The curves of roast ${record.id}: BT, ET and rate of rise against time since charge`}
            />
          </Card>
          <Card title="Events" size="small">
            <EventMarks record={record} picked={picked} onPick={setPicked} />
          </Card>
          <Card title="Phases" size="small">
            <PhaseBar phases={record.phases} />
          </Card>
        </div>
        <div className={styles.main}>
          <Card title="Summary" size="small">
            <RoastSummary record={record} />
          </Card>
          <Card title="Notes" size="small">
            <RoastNotes key={record.notes} record={record} />
          </Card>
        </div>
      </div>
    </>
  );
}
