import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { CheckSquareOutlined, FilePdfOutlined, SignatureOutlined } from '@ant-design/icons';
import type { Deviation, FoodSafetyDay } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useDownloadRecordPdf, type RecordPdf } from '../api/download-record-pdf.ts';
import { useFoodSafetyDay } from '../api/get-food-safety-day.ts';
import { CorrectiveActionModal } from '../components/corrective-action-modal.tsx';
import { CriticalLimitsCard } from '../components/critical-limits-card.tsx';
import { DeviationsTable } from '../components/deviations-table.tsx';
import { MonitoringTable } from '../components/monitoring-table.tsx';
import { PackingCheckModal } from '../components/packing-check-modal.tsx';
import { PackingChecksTable } from '../components/packing-checks-table.tsx';
import { SignDayModal } from '../components/sign-day-modal.tsx';
import { readDayParam } from '../lib/food-safety-day.ts';
import styles from './food-safety-page.module.css';

/** Whether the day is verified, as the signature bar says it. */
function SignatureStatus({ day }: { day: FoodSafetyDay }) {
  const last = day.signatures.at(-1);
  if (day.signatures.some((s) => !s.intact))
    return (
      <Alert
        type="error"
        showIcon
        title="Records signed for this day were changed after their signature."
      />
    );
  if (!last) return <Alert type="info" showIcon title="This day is not signed yet." />;
  const when = dayjs(last.at).format('YYYY-MM-DD HH:mm');
  return (
    <Alert
      type={day.unsigned_records > 0 ? 'warning' : 'success'}
      showIcon
      title={`Signed by ${last.by} at ${when}${day.unsigned_records > 0 ? `; ${day.unsigned_records} records written since wait for a new signature` : ''}.`}
    />
  );
}

/**
 * The food-safety record book of a day: the monitoring records written from the PLC, the open
 * deviations and their corrective actions, the checks at packing, the day's signature and the
 * printable records; and each product's critical limits.
 */
export function FoodSafetyPage() {
  const [search, setSearch] = useSearchParams();
  const date = readDayParam(search);
  const packingParam = Number(search.get('packing'));
  const packingOrder =
    Number.isInteger(packingParam) && packingParam > 0 ? packingParam : undefined;
  const day = useFoodSafetyDay(date);
  const unit = useTemperatureUnit();
  const pdf = useDownloadRecordPdf();
  const { message } = useFeedback();
  const [correcting, setCorrecting] = useState<Deviation | undefined>();
  const [signing, setSigning] = useState(false);
  const [checking, setChecking] = useState(packingOrder !== undefined);

  const download = (which: RecordPdf) =>
    pdf.mutate(which, { onError: (error) => void message.error(errorMessage(error)) });
  const loading = day.isPending || day.isPlaceholderData;
  const data = day.data;

  return (
    <>
      <PageHeader
        title="Food Safety"
        subtitle="Monitoring of the critical limits, deviations, packing checks and the day's verification."
        actions={
          <div className={styles.actions}>
            <DatePicker
              aria-label="Day"
              allowClear={false}
              value={dayjs(date)}
              onChange={(value) => setSearch(value ? { date: value.format('YYYY-MM-DD') } : {})}
            />
            <Button icon={<CheckSquareOutlined />} onClick={() => setChecking(true)}>
              Packing checks
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              loading={pdf.isPending && pdf.variables.kind === 'day'}
              onClick={() => download({ kind: 'day', day: date })}
            >
              Day PDF
            </Button>
            <Button type="primary" icon={<SignatureOutlined />} onClick={() => setSigning(true)}>
              Sign day
            </Button>
          </div>
        }
      />
      {day.isError && !data ? (
        <LoadError error={day.error} retrying={day.isFetching} onRetry={() => void day.refetch()} />
      ) : (
        <div className={styles.sections}>
          {data ? <SignatureStatus day={data} /> : null}
          <Card title="Open deviations">
            <DeviationsTable
              label="Open deviations"
              deviations={data?.open_deviations ?? []}
              loading={loading}
              empty={
                <EmptyState
                  title="No open deviation"
                  description="Every missed limit and failed check has its corrective action."
                />
              }
              onCorrect={setCorrecting}
            />
          </Card>
          <Card title={`Monitoring records of ${date}`}>
            <MonitoringTable
              records={data?.monitoring ?? []}
              unit={unit}
              loading={loading}
              empty={
                <EmptyState
                  title="No monitoring record"
                  description="Each roasted batch writes one from the PLC's values when its roast record is linked."
                />
              }
              onPdf={(r) => download({ kind: 'batch', batchId: r.batch_id })}
            />
          </Card>
          <Card title={`Deviations of ${date}`}>
            <DeviationsTable
              label="Deviations of the day"
              deviations={data?.deviations ?? []}
              loading={loading}
              empty={
                <EmptyState
                  title="No deviation"
                  description="No limit was missed and no check failed on this day."
                />
              }
            />
          </Card>
          <Card title={`Packing checks of ${date}`}>
            <PackingChecksTable
              checks={data?.packing_checks ?? []}
              loading={loading}
              empty={
                <EmptyState
                  title="No packing check"
                  description="Record the metal detector and check-weigher checks with Packing checks."
                />
              }
            />
          </Card>
          <CriticalLimitsCard unit={unit} />
        </div>
      )}
      <CorrectiveActionModal deviation={correcting} onClose={() => setCorrecting(undefined)} />
      <SignDayModal day={date} open={signing} onClose={() => setSigning(false)} />
      <PackingCheckModal
        open={checking}
        packingOrderId={packingOrder}
        onClose={() => setChecking(false)}
      />
    </>
  );
}
