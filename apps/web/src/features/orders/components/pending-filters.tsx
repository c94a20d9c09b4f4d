import { useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { orderMessages } from '@roastery/contract';
import type { Dayjs } from 'dayjs';
import type { DateFilter, OrderFilters } from '../lib/order-filters.ts';
import { productOptions } from '../lib/product-options.ts';
import styles from './orders.module.css';

const dateChoices = [
  { value: 'none', label: 'None' },
  { value: 'week', label: 'week' },
  { value: 'month', label: 'month' },
  { value: 'year', label: 'year' },
  { value: 'custom', label: 'custom range' },
] as const;

type DateChoice = (typeof dateChoices)[number]['value'];

interface DateFilterFieldProps {
  label: string;
  value: DateFilter;
  onChange: (value: DateFilter) => void;
}

/** None, the current week, month or year, or a custom range picked on a calendar. */
function DateFilterField({ label, value, onChange }: DateFilterFieldProps) {
  const [picking, setPicking] = useState(value.kind === 'custom');
  const choice: DateChoice = picking ? 'custom' : value.kind;
  return (
    <div className={styles.filterField}>
      <label>
        {label}
        <Select<DateChoice>
          aria-label={label}
          className={styles.wide}
          value={choice}
          options={dateChoices.map((entry) => ({ ...entry }))}
          onChange={(next) => {
            setPicking(next === 'custom');
            if (next !== 'custom') onChange({ kind: next });
          }}
        />
      </label>
      {choice === 'custom' ? (
        <DatePicker.RangePicker
          aria-label={`${label} range`}
          format="DD/MM/YYYY"
          value={value.kind === 'custom' ? [value.from, value.to] : null}
          onChange={(range) => {
            const [from, to] = range ?? [];
            if (from && to) onChange({ kind: 'custom', from: from as Dayjs, to: to as Dayjs });
            else onChange({ kind: 'none' });
          }}
        />
      ) : null}
    </div>
  );
}

interface PendingFiltersProps {
  value: OrderFilters;
  products: { product_id: number; product_name: string }[];
  exporting: boolean;
  onChange: (value: OrderFilters) => void;
  onExport: () => void;
  onReset: () => void;
}

/** The pending list's filters; every change reloads the list from page 1. */
export function PendingFilters({
  value,
  products,
  exporting,
  onChange,
  onExport,
  onReset,
}: PendingFiltersProps) {
  const [search, setSearch] = useState(value.search);
  return (
    <div className={styles.filters} role="search">
      <div className={styles.filterField}>
        <Input.Search
          aria-label="Search"
          placeholder={orderMessages.search}
          allowClear
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            if (event.target.value === '') onChange({ ...value, search: '' });
          }}
          onSearch={(text) => onChange({ ...value, search: text })}
        />
      </div>
      <div className={styles.filterField}>
        <label>
          Product
          <Select<number | 'all'>
            aria-label="Product"
            className={styles.wide}
            showSearch={{ optionFilterProp: 'label' }}
            value={value.product ?? 'all'}
            options={[{ value: 'all', label: 'All' }, ...productOptions(products)]}
            onChange={(next) => onChange({ ...value, product: next === 'all' ? undefined : next })}
          />
        </label>
      </div>
      <DateFilterField
        label="Order Date"
        value={value.orderDate}
        onChange={(orderDate) => onChange({ ...value, orderDate })}
      />
      <DateFilterField
        label="Fullfilment Date"
        value={value.fulfillmentDate}
        onChange={(fulfillmentDate) => onChange({ ...value, fulfillmentDate })}
      />
      <div className={styles.actions}>
        <Button
          className={styles.button}
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={onExport}
        >
          Export data to CSV
        </Button>
        <Button
          className={styles.button}
          icon={<ReloadOutlined />}
          onClick={() => {
            setSearch('');
            onReset();
          }}
        >
          Reset filter
        </Button>
      </div>
    </div>
  );
}
