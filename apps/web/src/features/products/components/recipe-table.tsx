import Table from 'antd/es/table';
import type { Product } from '@roastery/contract';

type RecipeLine = Product['product_recipes'][number];

/** The beans of a product and their share of the blend. */
export function RecipeTable({ lines }: { lines: RecipeLine[] }) {
  return (
    <Table<RecipeLine>
      rowKey="bean_id"
      size="small"
      pagination={false}
      dataSource={lines}
      columns={[
        { title: 'Bean', key: 'bean', render: (_value, line) => line.bean.bean_name },
        {
          title: 'Ratio',
          dataIndex: 'ratio',
          align: 'right',
          render: (ratio: number) => `${ratio}%`,
        },
      ]}
    />
  );
}
