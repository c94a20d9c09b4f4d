import Card from 'antd/es/card';
import ConfigProvider from 'antd/es/config-provider';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** The operator's home: the dump workflow, sized for a touch screen on the plant floor. */
export function OperatorDumpPage() {
  return (
    <ConfigProvider componentSize="large">
      <PageHeader title="Dump Requests" subtitle="Bean dumps waiting at your station." />
      <Card>
        <EmptyState description="Dump requests from the roasters will appear here, with large buttons to acknowledge them." />
      </Card>
    </ConfigProvider>
  );
}
