import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  END_CONDITION_KINDS,
  endConditionLabels,
  roastProfileLimits,
  roastProfileMessages as M,
} from '@roastery/contract';
import { numberRange } from '../../../lib/number-range.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import type { SettingsValues } from '../lib/settings-form.ts';
import styles from './settings-fields.module.css';

const endRanges = roastProfileLimits.end;
const batchRange = roastProfileLimits.batchLbs;

interface SettingsFieldsProps {
  /** What the chosen roaster holds, said under the largest batch; null when it names none. */
  capacityLbs?: number | null | undefined;
}

/** A version's settings besides its curves: charge, batch sizes, end, dry end and notes. */
export function SettingsFields({ capacityLbs }: SettingsFieldsProps) {
  const form = Form.useFormInstance<SettingsValues>();
  const endKind = Form.useWatch('end_kind', form) ?? 'drop_temperature';
  const endRange = endRanges[endKind];

  return (
    <div className={styles.grid}>
      <Form.Item
        name="charge_temperature_f"
        label="Charge temperature (°F)"
        rules={[
          { required: true, message: M.chargeTemperature },
          numberRange(roastProfileLimits.chargeTemperatureF),
        ]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item
        name="dry_end_f"
        label="Dry end (°F)"
        rules={[{ required: true, message: M.dryEnd }, numberRange(roastProfileLimits.dryEndF)]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item
        name="batch_min_lbs"
        label="Smallest batch (lbs)"
        rules={[{ required: true, message: M.batchLbs }, numberRange(batchRange)]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item
        name="batch_max_lbs"
        label="Largest batch (lbs)"
        dependencies={['batch_min_lbs']}
        extra={
          typeof capacityLbs === 'number'
            ? `The roaster holds up to ${formatLbs(capacityLbs)}.`
            : undefined
        }
        rules={[
          { required: true, message: M.batchLbs },
          numberRange(batchRange),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const min: unknown = getFieldValue('batch_min_lbs');
              if (typeof value === 'number' && typeof min === 'number' && min > value) {
                throw new Error(M.batchRange);
              }
            },
          }),
        ]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item name="end_kind" label="End of the roast">
        <Select
          options={END_CONDITION_KINDS.map((kind) => ({
            value: kind,
            label: endConditionLabels[kind].replace(/ \(.*\)$/, ''),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="end_value"
        label={endConditionLabels[endKind]}
        dependencies={['end_kind']}
        rules={[{ required: true, message: endRange.message }, numberRange(endRange)]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item name="notes" label="Notes" className={styles.wide}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2_000} />
      </Form.Item>
    </div>
  );
}
