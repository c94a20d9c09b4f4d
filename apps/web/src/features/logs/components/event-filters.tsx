import DatePicker from 'antd/es/date-picker';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { dateFormats } from '../../../config/date-formats.ts';
import type { EventFilters } from '../lib/event-where.ts';
import styles from './logs.module.css';

interface EventFiltersProps {
  value: EventFilters;
  onChange: (filters: EventFilters) => void;
}

/** Device, event text and date range: each change filters the log at once. */
export function EventFiltersBar({ value, onChange }: EventFiltersProps) {
  const devices = useDeviceList();
  return (
    <div className={styles.filters}>
      <Select
        aria-label="Device"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="All devices"
        className={styles.device}
        loading={devices.isPending}
        value={value.device}
        onChange={(device?: string) => onChange({ ...value, device })}
        options={(devices.data ?? []).map((d) => ({
          value: d.device_id,
          label: `${d.device_name} (${d.device_id})`,
        }))}
      />
      <Input.Search
        aria-label="Event text"
        allowClear
        placeholder="Search event text"
        className={styles.search}
        defaultValue={value.text}
        onSearch={(text) => onChange({ ...value, text })}
      />
      <DatePicker.RangePicker
        aria-label="Date range"
        format={dateFormats.list}
        value={value.range}
        onChange={(range) =>
          onChange({
            ...value,
            range: range?.[0] && range[1] ? [range[0], range[1]] : null,
          })
        }
      />
    </div>
  );
}
