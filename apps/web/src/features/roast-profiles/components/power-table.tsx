import Table from 'antd/es/table';
import type { PowerStep } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatPointTime } from '../lib/point-time.ts';

/** The burner schedule: from each time on, the burner and the airflow at these settings. */
export function PowerTable({ steps }: { steps: PowerStep[] }) {
  return (
    <Table<PowerStep>
      size="small"
      rowKey="t_s"
      dataSource={steps}
      pagination={false}
      locale={{
        emptyText: (
          <EmptyState
            title="No burner schedule"
            description="The roaster's controller follows the curve alone."
          />
        ),
      }}
      columns={[
        { key: 'time', title: 'From (m:ss)', render: (_v, step) => formatPointTime(step.t_s) },
        {
          key: 'burner',
          title: 'Burner',
          align: 'right',
          render: (_v, step) => `${step.burner_pct}%`,
        },
        {
          key: 'airflow',
          title: 'Airflow',
          align: 'right',
          render: (_v, step) => `${step.airflow_pct}%`,
        },
      ]}
    />
  );
}
