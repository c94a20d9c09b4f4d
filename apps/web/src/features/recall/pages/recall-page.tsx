import { useSearchParams } from 'react-router';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import { recallStartKinds, type MockRecallQuery } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useMockRecall } from '../api/get-mock-recall.ts';
import { RecallResult } from '../components/recall-result.tsx';
import { RecallSearchBox } from '../components/recall-search-box.tsx';

/** The starting point in the address, so a recall can be linked to and reloaded. */
function startOf(params: URLSearchParams): MockRecallQuery | undefined {
  const kind = recallStartKinds.find((k) => k === params.get('kind'));
  const key = params.get('key')?.trim();
  return kind && key ? { kind, key } : undefined;
}

function Recall({ start }: { start: MockRecallQuery | undefined }) {
  const recall = useMockRecall(start);
  if (!start) {
    return (
      <EmptyState
        title="No recall yet"
        description="Type a lot code, a supplier's lot, an order number or a customer and pick what matched: everything it touched is listed, one step back, one step forward and the whole chain."
      />
    );
  }
  if (recall.isError) {
    return <Result status="warning" title="No Data" subTitle={errorMessage(recall.error)} />;
  }
  if (!recall.data) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  return <RecallResult recall={recall.data} />;
}

/** A mock recall, the way a person does one under stress: one box, the answer, the files. */
export function RecallPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const start = startOf(searchParams);
  return (
    <>
      <PageHeader
        title="Mock recall"
        subtitle="From a green lot, a supplier's lot, a roasted lot, an order or a customer: every batch, bin, packed order and customer affected."
      />
      <Card>
        <RecallSearchBox
          onPick={(picked) =>
            setSearchParams(new URLSearchParams({ kind: picked.kind, key: picked.key }))
          }
        />
        <Recall start={start} />
      </Card>
    </>
  );
}
