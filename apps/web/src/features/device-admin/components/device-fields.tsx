import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { createDeviceBody } from '@roastery/contract';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { schemaRule } from '../../../lib/form-rules.ts';
import type { DeviceFormData } from '../api/get-device-form-data.ts';

/** The fields the add and update screens share; the form's values use the API's names. */
export interface DeviceFieldValues {
  device_name: string;
  device_type: number;
  device_description: string;
  capacity?: number | null;
  device_stage: number;
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

/** Device Name, Type, Description, Capacity (for capacity types only) and Stage. */
export function DeviceFields({ form, formData }: DeviceFieldsProps) {
  const type = Form.useWatch<number | undefined>('device_type', form);

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
            <InputNumber<number> min={0} step={100} suffix="lbs" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      ) : null}
      <Col xs={24} md={12}>
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
    </Row>
  );
}
