import Card from 'antd/es/card';
import { EmptyState } from '../../../components/empty-state.tsx';

/**
 * The reports an administrator defines under Report Settings; each will render here from
 * GET /report/metabase?id. Until the console offers them, the tab says where they come from.
 */
export function OtherReports() {
  return (
    <Card>
      <EmptyState description="Reports an administrator adds under Report Settings appear here." />
    </Card>
  );
}
