import Segmented from 'antd/es/segmented';

export type OrderView = 'L' | 'K';

/** The list (L) or kanban (K) view of an order tab. */
export function ViewSwitch({
  value,
  onChange,
}: {
  value: OrderView;
  onChange: (view: OrderView) => void;
}) {
  return (
    <Segmented<OrderView>
      aria-label="View"
      size="large"
      value={value}
      onChange={onChange}
      options={[
        { value: 'L', label: 'L', title: 'List' },
        { value: 'K', label: 'K', title: 'Kanban' },
      ]}
    />
  );
}
