import ColorPicker from 'antd/es/color-picker';
import type { Color } from 'antd/es/color-picker';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import {
  deviceStatusBody,
  type CommandKind,
  type DeviceStatusBody,
  type DeviceStatusDto,
} from '@roastery/contract';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCommandList } from '../../../lib/get-command-list.ts';
import { useCreateDeviceStatus } from '../api/create-device-status.ts';
import { useUpdateDeviceStatus } from '../api/update-device-status.ts';
import { BINARY_VALUES, statusMessages } from './status-messages.ts';

/** The form's field names are the spec's; toBody maps them to the API's. */
interface DeviceStatusValues {
  status_id: number;
  status_name: string;
  status_color: string;
  status_priority: DeviceStatusBody['priority'];
  command_type: CommandKind;
  command_id: number;
  command_value: number;
}

function toBody(values: DeviceStatusValues): DeviceStatusBody {
  return {
    led_id: values.status_id,
    name: values.status_name,
    color: values.status_color,
    priority: values.status_priority,
    type: values.command_type,
    command_id: values.command_id,
    command_value: values.command_value,
  };
}

function toValues(status: DeviceStatusDto): DeviceStatusValues {
  return {
    status_id: status.led_id,
    status_name: status.name,
    status_color: status.color,
    status_priority: status.priority,
    command_type: status.type,
    command_id: status.command_id,
    command_value: status.command_value,
  };
}

const priorityOptions = [
  { value: 'Normal', label: 'Normal' },
  { value: 'low', label: 'Low' },
  { value: 'high', label: 'High' },
];

const typeOptions = [
  { value: 'binary', label: 'Binary (coil)' },
  { value: 'input', label: 'Input (register)' },
];

/** Colours a plant floor reads at a glance; any other can be picked. */
const presetColors = ['#3f8f4f', '#2f6f9f', '#d48806', '#c2362b', '#8c8c8c', '#722ed1'];

export type DeviceStatusDialog =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; status: DeviceStatusDto };

interface DeviceStatusModalProps {
  dialog: DeviceStatusDialog;
  onClose: () => void;
}

export function DeviceStatusModal({ dialog, onClose }: DeviceStatusModalProps) {
  const [form] = Form.useForm<DeviceStatusValues>();
  const type = Form.useWatch('command_type', form);
  const commands = useCommandList();
  const { message, notification } = useFeedback();
  const creation = useCreateDeviceStatus();
  const update = useUpdateDeviceStatus();

  const commandOptions =
    type === 'binary'
      ? (commands.data?.binary ?? []).map((c) => ({
          value: c.command_id,
          label: `${c.command_label} (${c.command_id})`,
        }))
      : type === 'input'
        ? (commands.data?.inputs ?? []).map((c) => ({
            value: c.command_input_id,
            label: `${c.command_input_label} (${c.command_input_id})`,
          }))
        : [];

  const submit = (values: DeviceStatusValues) => {
    const body = toBody(values);
    if (dialog.mode === 'edit') {
      update.mutate(
        { id: dialog.status.id, body },
        {
          onSuccess: () => {
            void message.success(statusMessages.updated);
            onClose();
          },
          onError: (error) =>
            notification.error({
              title: statusMessages.changeFailed,
              description: errorMessage(error),
            }),
        },
      );
    } else {
      creation.mutate(body, {
        onSuccess: () => {
          void message.success(statusMessages.created);
          onClose();
        },
        onError: (error) =>
          notification.error({
            title: statusMessages.createFailed,
            description: errorMessage(error),
          }),
      });
    }
  };

  return (
    <FormModal<DeviceStatusValues>
      title={dialog.mode === 'edit' ? `Edit ${dialog.status.name}` : 'Add Device Status'}
      open={dialog.mode !== 'closed'}
      form={form}
      okText={dialog.mode === 'edit' ? 'Save' : 'Create'}
      submitting={creation.isPending || update.isPending}
      initialValues={dialog.mode === 'edit' ? toValues(dialog.status) : {}}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            label="Status ID"
            name="status_id"
            rules={[
              { required: true, message: 'Please input status id!' },
              schemaRule(deviceStatusBody.shape.led_id),
            ]}
          >
            <InputNumber<number> autoFocus style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            label="Status Name"
            name="status_name"
            rules={[
              { required: true, whitespace: true, message: 'Please input status name!' },
              schemaRule(deviceStatusBody.shape.name),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="Status Color"
            name="status_color"
            getValueFromEvent={(color: Color) => color.toHexString()}
            rules={[{ required: true, message: 'Please pick a color!' }]}
          >
            <ColorPicker
              showText
              disabledAlpha
              format="hex"
              presets={[{ label: 'Plant colours', colors: presetColors }]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="Status Priority"
            name="status_priority"
            rules={[{ required: true, message: 'Please select status priority!' }]}
          >
            <Select options={priorityOptions} placeholder="Select a priority" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="Command Type"
            name="command_type"
            rules={[{ required: true, message: 'Please select command type!' }]}
          >
            <Select
              options={typeOptions}
              placeholder="Select a command type"
              onChange={() => form.resetFields(['command_id', 'command_value'])}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="Command"
            name="command_id"
            rules={[{ required: true, message: 'Please select a command' }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              options={commandOptions}
              loading={commands.isPending}
              disabled={!type}
              placeholder={type ? 'Select a command' : 'Choose the command type first'}
              notFoundContent={NO_DATA}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          {type === 'input' ? (
            <Form.Item
              label="Command Value"
              name="command_value"
              rules={[
                { required: true, message: 'Please input command value!' },
                schemaRule(deviceStatusBody.shape.command_value),
              ]}
            >
              <InputNumber<number> style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item
              label="Command Value"
              name="command_value"
              rules={[{ required: true, message: 'Please select command value!' }]}
            >
              <Select<number>
                options={[...BINARY_VALUES]}
                placeholder="ON or OFF"
                disabled={!type}
              />
            </Form.Item>
          )}
        </Col>
      </Row>
    </FormModal>
  );
}
