import { useEffect, useRef } from 'react';
import Form, { type Rule } from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Col from 'antd/es/col';
import {
  createDeviceBody,
  DEFAULT_ROAST_LIMITS,
  ROAST_SAFE_ACTION_LABELS,
  roastSafeAction,
  temperatureSymbol,
  type RoastSafeAction,
  type TemperatureUnit,
} from '@roastery/contract';
import { schemaRule } from '../../../lib/form-rules.ts';
import { numberRange } from '../../../lib/number-range.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import {
  defaultShown,
  TEMPERATURE_FIELDS,
  temperatureLimit,
  type TemperatureField,
} from '../lib/roast-limit-values.ts';

const fields = createDeviceBody.shape;
const d = DEFAULT_ROAST_LIMITS;
const actions = roastSafeAction.options.map((value) => ({
  value,
  label: ROAST_SAFE_ACTION_LABELS[value],
}));

/** In °F the contract's own check; in °C its range and message in °C. */
const temperatureRule = (field: TemperatureField, unit: TemperatureUnit): Rule =>
  unit === 'F' ? schemaRule(fields[field]) : numberRange(temperatureLimit(field, unit));

/**
 * The temperatures are in the plant's unit: once it is read (or changed) after they were shown,
 * they start again from what the form was given, in the new unit.
 */
function useRestartedOnUnitChange(unit: TemperatureUnit) {
  const form = Form.useFormInstance();
  const shownIn = useRef(unit);
  useEffect(() => {
    if (shownIn.current === unit) return;
    shownIn.current = unit;
    form.resetFields(TEMPERATURE_FIELDS);
  }, [form, unit]);
}

/** One of the limits in degrees: shown, typed and checked in the plant's unit. */
function TemperatureItem({
  field,
  label,
  extra,
  unit,
  step = 5,
  md = 8,
}: {
  field: TemperatureField;
  label: string;
  extra: string;
  unit: TemperatureUnit;
  step?: number;
  md?: number;
}) {
  return (
    <Col xs={24} md={md}>
      <Form.Item label={label} name={field} extra={extra} rules={[temperatureRule(field, unit)]}>
        <InputNumber<number>
          step={step}
          suffix={temperatureSymbol(unit)}
          placeholder={String(defaultShown(field, unit))}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
}

/**
 * What the profile controller holds a roaster's roast to: the ET high limit, the ET it may fire
 * again below and what it does over the limit; how far and how long BT may stray from the
 * profile's reference before the band alarm.
 */
export function RoastLimitFields() {
  const unit = useTemperatureUnit();
  useRestartedOnUnitChange(unit);
  return (
    <>
      <TemperatureItem
        field="et_high_limit_f"
        label="ET High Limit"
        extra="Environment temperature at which the safe action is taken."
        unit={unit}
      />
      <TemperatureItem
        field="et_reset_f"
        label="ET Reset"
        extra="The burner fires again once ET is below this."
        unit={unit}
      />
      <Col xs={24} md={8}>
        <Form.Item label="ET Safe Action" name="et_safe_action">
          <Select<RoastSafeAction>
            allowClear
            placeholder={ROAST_SAFE_ACTION_LABELS[d.et_safe_action]}
            options={actions}
          />
        </Form.Item>
      </Col>
      <TemperatureItem
        field="band_f"
        label="Profile Band"
        extra="How far BT may stray from the profile's reference."
        unit={unit}
        step={1}
        md={12}
      />
      <Col xs={24} md={12}>
        <Form.Item
          label="Band Time"
          name="band_s"
          extra="How long BT may stay outside the band before the alarm."
          rules={[schemaRule(fields.band_s)]}
        >
          <InputNumber<number>
            step={5}
            suffix="s"
            placeholder={String(d.band_s)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
    </>
  );
}
