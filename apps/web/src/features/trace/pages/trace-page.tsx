import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLotTrace } from '../api/get-lot-trace.ts';
import { useOrderTrace } from '../api/get-order-trace.ts';
import { useRecall } from '../api/get-recall.ts';
import { RecallReportView } from '../components/recall-report-view.tsx';
import { LotTraceView } from '../components/lot-trace-view.tsx';
import { OrderTraceView } from '../components/order-trace-view.tsx';
import styles from '../components/trace-view.module.css';

type Mode = 'lot' | 'order';

/** Digits with any leading zeros, as order numbers are shown; else not an order number. */
function parseOrderId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const id = Number(value.trim());
  return id > 0 ? id : undefined;
}

function TraceResult({ lot, orderId }: { lot: string | undefined; orderId: number | undefined }) {
  const lotTrace = useLotTrace(lot);
  const orderTrace = useOrderTrace(lot === undefined ? orderId : undefined);
  const query = lot === undefined ? orderTrace : lotTrace;

  if (lot === undefined && orderId === undefined) {
    return (
      <EmptyState
        title="Nothing traced yet"
        description="Enter a lot number to follow it forward, or an order number to trace it back to its green lots."
      />
    );
  }
  if (query.isError) {
    return <Result status="warning" title="No Data" subTitle={errorMessage(query.error)} />;
  }
  if (lotTrace.data && lot !== undefined) return <LotTraceView trace={lotTrace.data} />;
  if (orderTrace.data && lot === undefined) return <OrderTraceView trace={orderTrace.data} />;
  return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
}

/** The recall report of what is traced; its errors are the trace's, shown above it. */
function RecallResult({ lot, orderId }: { lot: string | undefined; orderId: number | undefined }) {
  const recall = useRecall(
    lot !== undefined ? { lot } : orderId !== undefined ? { order: orderId } : undefined,
  );
  if (!recall.data) return null;
  return (
    <Card className={styles.recall}>
      <RecallReportView report={recall.data} />
    </Card>
  );
}

/**
 * Traceability: a lot forward to where it went, an order back to the green lots in it.
 * `lotAction`: what can be done with the lot traced (another feature's, given by the app).
 */
export function TracePage({ lotAction }: { lotAction?: (lotNumber: string) => ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const lot = searchParams.get('lot')?.trim() || undefined;
  const orderId = parseOrderId(searchParams.get('order'));
  const [mode, setMode] = useState<Mode>(searchParams.has('order') ? 'order' : 'lot');

  const search = (value: string) => {
    const text = value.trim();
    if (!text) return;
    if (mode === 'lot') setSearchParams(new URLSearchParams({ lot: text }));
    else setSearchParams(new URLSearchParams({ order: text }));
  };

  return (
    <>
      <PageHeader
        title="Traceability & Recall"
        subtitle="Follow a green or roasted lot through the plant, or trace an order back to its beans, with the recall report of either."
      />
      <Card>
        <div className={styles.search}>
          <Segmented<Mode>
            value={mode}
            onChange={setMode}
            options={[
              { value: 'lot', label: 'Lot number' },
              { value: 'order', label: 'Order' },
            ]}
          />
          <Input.Search
            key={`${mode}-${lot ?? orderId ?? ''}`}
            className={styles.query}
            aria-label={mode === 'lot' ? 'Lot number' : 'Order number'}
            placeholder={mode === 'lot' ? 'e.g. DMP-11212025140500' : 'e.g. 000042'}
            defaultValue={mode === 'lot' ? lot : orderId === undefined ? '' : String(orderId)}
            enterButton="Trace"
            allowClear
            onSearch={search}
          />
          {lot !== undefined && lotAction ? lotAction(lot) : null}
        </div>
        <TraceResult lot={lot} orderId={lot === undefined ? orderId : undefined} />
      </Card>
      <RecallResult lot={lot} orderId={lot === undefined ? orderId : undefined} />
    </>
  );
}
