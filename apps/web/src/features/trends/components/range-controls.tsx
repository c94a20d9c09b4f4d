import { useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { quickRanges, type QuickRangeKey, type TrendRange } from '../lib/trend-range.ts';
import styles from './range-controls.module.css';

interface RangeControlsProps {
  range: TrendRange;
  onChange: (range: TrendRange) => void;
  /** Given while the chart is zoomed: a button shows the whole range again. */
  onResetZoom?: (() => void) | undefined;
}

type RangeChoice = QuickRangeKey | 'custom';

const DATE = 'DD/MM/YYYY';
const DATE_TIME = 'DD/MM/YYYY HH:mm';
const SHOW_TIME = { format: 'HH:mm' };
const afterToday = (day: Dayjs) => day.isAfter(dayjs().endOf('day'));

function choiceOf(range: TrendRange): RangeChoice {
  return range.kind === 'quick' ? range.key : 'custom';
}

function customOf(from: Dayjs | null | undefined, to: Dayjs | null | undefined) {
  return from && to && from.isBefore(to)
    ? { kind: 'custom' as const, from: from.valueOf(), to: to.valueOf() }
    : undefined;
}

/**
 * A phone has room for one month and no time columns: the range's first and last days are
 * picked one by one, and the range covers both whole.
 */
function PhoneCustomRange({ range, onChange }: Omit<RangeControlsProps, 'onResetZoom'>) {
  const [draft, setDraft] = useState<{ first?: Dayjs | null; last?: Dayjs | null }>({});
  const first = draft.first ?? (range.kind === 'custom' ? dayjs(range.from) : null);
  const last = draft.last ?? (range.kind === 'custom' ? dayjs(range.to - 1) : null);
  const pick = (next: { first?: Dayjs | null; last?: Dayjs | null }) => {
    const picked = { first, last, ...next };
    const custom = customOf(
      picked.first?.startOf('day'),
      picked.last?.add(1, 'day').startOf('day'),
    );
    setDraft(custom ? {} : picked);
    if (custom) onChange(custom);
  };
  return (
    <>
      <DatePicker
        aria-label="First day"
        placeholder="First day"
        format={DATE}
        value={first}
        disabledDate={afterToday}
        onChange={(value) => pick({ first: value })}
      />
      <DatePicker
        aria-label="Last day"
        placeholder="Last day"
        format={DATE}
        value={last}
        disabledDate={afterToday}
        onChange={(value) => pick({ last: value })}
      />
    </>
  );
}

/** The range: one of the quick ones that end now, or any two times picked. */
export function RangeControls({ range, onChange, onResetZoom }: RangeControlsProps) {
  const phone = usePhoneWidth();
  const options = [
    ...quickRanges.map((r) => ({ value: r.key, label: phone ? `Last ${r.label}` : r.label })),
    // Shown as chosen while the range is picked below; chosen, it waits for the picks.
    { value: 'custom' as const, label: 'Custom', disabled: range.kind !== 'custom' },
  ];
  const choose = (choice: RangeChoice) => {
    if (choice !== 'custom') onChange({ kind: 'quick', key: choice });
  };
  return (
    <div className={styles.root}>
      {phone ? (
        <>
          <Select<RangeChoice>
            aria-label="Range"
            value={choiceOf(range)}
            options={options}
            onChange={choose}
          />
          <PhoneCustomRange range={range} onChange={onChange} />
        </>
      ) : (
        <>
          <Segmented<RangeChoice>
            aria-label="Range"
            value={choiceOf(range)}
            options={options}
            onChange={choose}
          />
          <DatePicker.RangePicker
            aria-label="Custom range"
            showTime={SHOW_TIME}
            format={DATE_TIME}
            allowClear={false}
            value={range.kind === 'custom' ? [dayjs(range.from), dayjs(range.to)] : null}
            disabledDate={afterToday}
            onChange={(dates) => {
              const custom = customOf(dates?.[0], dates?.[1]);
              if (custom) onChange(custom);
            }}
          />
        </>
      )}
      {onResetZoom ? <Button onClick={onResetZoom}>Show whole range</Button> : null}
    </div>
  );
}
