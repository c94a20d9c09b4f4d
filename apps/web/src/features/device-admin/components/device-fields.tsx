import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { createDeviceBody, Stage, type TemperatureUnit } from '@roastery/contract';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { schemaRule } from '../../../lib/form-rules.ts';
import type { DeviceFormData } from '../api/get-device-form-data.ts';
import {
  roastLimitsOf,
  type RoastLimitValues,
  type StoredRoastLimits,
} from '../lib/roast-limit-values.ts';
import { RoastLimitFields } from './roast-limit-fields.tsx';

/** The fields the add and update screens share; the form's values use the API's names. */
export interface DeviceFieldValues extends RoastLimitValues {
  device_name: string;
  device_type: number;
  device_description: string;
  capacity?: number | null;
  device_stage: number;
  batch_capacity?: number | null;
  ideal_cycle_minutes?: number | null;
  rated_lbs_per_hour?: number | null;
}

interface DeviceFieldsProps {
  form: FormInstance;
  formData: DeviceFormData;
}

const fields = createDeviceBody.shape;

/** Only some device types (silos and bins) hold beans, so only they have a capacity. */
export function hasCapacity(formData: DeviceFormData, type: number | undefined): boolean {
  return type !== undefined && formData.capacityTypeIds.includes(type);
}

/**
 * The nameplate OEE measures a line against, as the body sends it: a roaster's batch capacity
 * and ideal cycle (and its roast alarm limits), a packer's rated rate; null for what the
 * device's stage does not have. The limits' temperatures are typed in the plant's unit; given
 * the device's stored ones, those left as shown keep their °F.
 */
export function nameplateOf(
  values: DeviceFieldValues,
  unit: TemperatureUnit,
  stored?: StoredRoastLimits,
) {
  const roasting = values.device_stage === Stage.Roasting;
  const packing = values.device_stage === Stage.Packing;
  return {
    batch_capacity: roasting ? (values.batch_capacity ?? null) : null,
    ideal_cycle_minutes: roasting ? (values.ideal_cycle_minutes ?? null) : null,
    rated_lbs_per_hour: packing ? (values.rated_lbs_per_hour ?? null) : null,
    ...roastLimitsOf(values, roasting, unit, stored),
  };
}

const lbsPerHour = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** What the two roaster figures make: the ideal rate the OEE report measures it against. */
function idealRateText(batch: number | null | undefined, cycle: number | null | undefined) {
  return batch && cycle
    ? `Ideal rate for OEE: ${lbsPerHour.format((batch * 60) / cycle)} lbs/h.`
    : 'With both set, OEE measures the roaster against batch capacity ÷ ideal cycle.';
}

/**
 * Device Name, Type, Description, Capacity (for capacity types only) and Stage; a roaster's or
 * packer's nameplate for OEE by its stage.
 */
export function DeviceFields({ form, formData }: DeviceFieldsProps) {
  const type = Form.useWatch<number | undefined>('device_type', form);
  const stage = Form.useWatch<number | undefined>('device_stage', form);
  const batch = Form.useWatch<number | null | undefined>('batch_capacity', form);
  const cycle = Form.useWatch<number | null | undefined>('ideal_cycle_minutes', form);
  // A roaster's stage and nameplate make a row of three, as its roast limits do below them.
  const nameplateMd = stage === Stage.Roasting ? 8 : 12;

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label="Device Name"
          name="device_name"
          rules={[
            { required: true, whitespace: true, message: 'Please input the Device Name' },
            schemaRule(fields.device_name),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Device Type"
          name="device_type"
          rules={[{ required: true, message: 'Please select the Device Type' }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Select a device type"
            notFoundContent={NO_DATA}
            options={formData.types.map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          label="Device Description"
          name="device_description"
          rules={[
            { required: true, whitespace: true, message: 'Please input the Device Description' },
            schemaRule(fields.device_description),
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Col>
      {hasCapacity(formData, type) ? (
        <Col xs={24} md={12}>
          <Form.Item
            label="Device Capacity"
            name="capacity"
            rules={[
              { required: true, message: 'Please input the Device Capacity' },
              schemaRule(fields.capacity),
            ]}
          >
            <InputNumber<number> step={100} suffix="lbs" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={nameplateMd}>
        <Form.Item
          label="Device Stage"
          name="device_stage"
          rules={[{ required: true, message: 'Please select the Device Stage' }]}
        >
          <Select<number>
            placeholder="Select a stage"
            notFoundContent={NO_DATA}
            options={formData.stages.map((s) => ({ value: s.stage_id, label: s.stage_name }))}
          />
        </Form.Item>
      </Col>
      {stage === Stage.Roasting ? (
        <>
          <Col xs={24} md={nameplateMd}>
            <Form.Item
              label="Batch Capacity"
              name="batch_capacity"
              extra="Green lbs one batch can take."
              rules={[schemaRule(fields.batch_capacity)]}
            >
              <InputNumber<number> step={50} suffix="lbs" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={nameplateMd}>
            <Form.Item
              label="Ideal Cycle"
              name="ideal_cycle_minutes"
              extra={idealRateText(batch, cycle)}
              rules={[schemaRule(fields.ideal_cycle_minutes)]}
            >
              <InputNumber<number> step={1} suffix="min" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <RoastLimitFields />
        </>
      ) : null}
      {stage === Stage.Packing ? (
        <Col xs={24} md={12}>
          <Form.Item
            label="Rated Rate"
            name="rated_lbs_per_hour"
            extra="Lbs per hour the packer is rated to pack: its ideal rate for OEE."
            rules={[schemaRule(fields.rated_lbs_per_hour)]}
          >
            <InputNumber<number> step={100} suffix="lbs/h" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
