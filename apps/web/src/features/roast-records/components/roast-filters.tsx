import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Select from 'antd/es/select';
import dayjs from 'dayjs';
import type { RoastListParams } from '../lib/roast-filters.ts';
import styles from '../pages/roast-records-page.module.css';

interface RoastFiltersProps {
  value: RoastListParams;
  roasters: { value: string; label: string }[];
  products: { value: number; label: string }[];
  onChange: (value: RoastListParams) => void;
}

/** Roaster, product and the days charged; the compared roasts are kept across a change. */
export function RoastFilters({ value, roasters, products, onChange }: RoastFiltersProps) {
  const filtered =
    value.roaster !== undefined ||
    value.product !== undefined ||
    value.order !== undefined ||
    value.fromDay !== undefined;
  return (
    <div className={styles.filters}>
      <Select
        aria-label="Roaster"
        className={styles.filter}
        placeholder="Every roaster"
        allowClear
        value={value.roaster}
        options={roasters}
        onChange={(roaster?: string) => onChange({ ...value, roaster })}
      />
      <Select
        aria-label="Product"
        className={styles.filter}
        placeholder="Every product"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={value.product}
        options={products}
        onChange={(product?: number) => onChange({ ...value, product })}
      />
      <DatePicker.RangePicker
        aria-label="Days charged"
        className={styles.filter}
        format="DD/MM/YYYY"
        value={value.fromDay && value.toDay ? [dayjs(value.fromDay), dayjs(value.toDay)] : null}
        onChange={(range) => {
          const [from, to] = range ?? [];
          onChange({
            ...value,
            fromDay: from?.format('YYYY-MM-DD'),
            toDay: to?.format('YYYY-MM-DD'),
          });
        }}
      />
      {filtered ? (
        <Button onClick={() => onChange({ compare: value.compare })}>Clear filters</Button>
      ) : null}
    </div>
  );
}
