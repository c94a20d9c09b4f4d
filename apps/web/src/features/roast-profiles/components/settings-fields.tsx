import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import {
  END_CONDITION_KINDS,
  roastProfileLimits,
  roastProfileMessages as M,
  temperatureSymbol,
} from '@roastery/contract';
import { endConditionLabel } from '../../../lib/end-condition.ts';
import { numberRange } from '../../../lib/number-range.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import type { SettingsValues } from '../lib/settings-form.ts';
import { limitInUnit } from '../../../lib/temperature-fields.ts';
import styles from './settings-fields.module.css';

const endRanges = roastProfileLimits.end;
const batchRange = roastProfileLimits.batchLbs;

interface SettingsFieldsProps {
  /** What the chosen roaster holds, said under the largest batch; null when it names none. */
  capacityLbs?: number | null | undefined;
}

/**
 * A version's settings besides its curves: charge, batch sizes, end, dry end and notes, the
 * temperatures in the plant's unit.
 */
export function SettingsFields({ capacityLbs }: SettingsFieldsProps) {
  const form = Form.useFormInstance<SettingsValues>();
  const unit = useTemperatureUnit();
  const symbol = temperatureSymbol(unit);
  const endKind = Form.useWatch('end_kind', form) ?? 'drop_temperature';
  const endRange =
    endKind === 'drop_temperature'
      ? limitInUnit(endRanges.drop_temperature, unit)
      : endRanges[endKind];
  const charge = limitInUnit(roastProfileLimits.chargeTemperatureF, unit);
  const dryEnd = limitInUnit(roastProfileLimits.dryEndF, unit);

  return (
    <div className={styles.grid}>
      <Form.Item
        name="charge_temperature"
        label={`Charge temperature (${symbol})`}
        rules={[{ required: true, message: charge.message }, numberRange(charge)]}
      >
        <InputNumber className={styles.number} />
      </Form.Item>
      <Form.Item
        name="dry_end"
        label={`Dry end (${symbol})`}
        rules={[{ required: true, message: dryEnd.message }, numberRange(dryEnd)]}
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
            label: endConditionLabel(kind, unit).replace(/ \(.*\)$/, ''),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="end_value"
        label={endConditionLabel(endKind, unit)}
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
