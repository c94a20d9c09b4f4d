import DatePicker from 'antd/es/date-picker';
import { periodOfDays, periodPresets, type Period } from '../lib/period.ts';

interface PeriodFilterProps {
  period: Period;
  onChange: (period: Period) => void;
}

/** The reports' period: whole days, first to last, with the usual ranges one click away. */
export function PeriodFilter({ period, onChange }: PeriodFilterProps) {
  return (
    <DatePicker.RangePicker
      aria-label="Report period"
      allowClear={false}
      value={[period.from, period.to.subtract(1, 'day')]}
      presets={periodPresets}
      onChange={(range) => {
        const [first, last] = range ?? [];
        if (first && last) onChange(periodOfDays(first, last));
      }}
    />
  );
}
