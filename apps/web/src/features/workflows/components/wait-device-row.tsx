import { useMemo } from 'react';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { MinusCircleOutlined } from '@ant-design/icons';
import { waitConditionOperator } from '@roastery/contract';
import { numberRange } from '../../../lib/number-range.ts';
import { useDeviceCommands } from '../api/get-device-commands.ts';
import {
  commandKindLabels,
  commandOptions,
  existingCommandRule,
  type CommandKind,
} from '../lib/command-options.ts';
import { CommandSelect } from './command-select.tsx';
import { DeviceSelect } from './device-select.tsx';
import { useRecheckCommand } from './use-recheck-command.ts';
import type { StepFormValues } from './step-form-values.ts';
import styles from './step-form.module.css';

interface WaitDeviceRowProps {
  form: FormInstance<StepFormValues>;
  /** The row's index in the form list. */
  name: number;
  onRemove: () => void;
}

const kindOptions = (['binary', 'input'] as const).map((kind) => ({
  value: kind,
  label: commandKindLabels[kind],
}));

/** One condition the step waits for: a device's command showing a value. */
export function WaitDeviceRow({ form, name, onRemove }: WaitDeviceRowProps) {
  const device = Form.useWatch(['wait_device', name, 'device_id'], form);
  const kind: CommandKind = Form.useWatch(['wait_device', name, 'type'], form) ?? 'binary';
  const commands = useDeviceCommands(device);
  const options = useMemo(
    () => (commands.data ? commandOptions(commands.data, kind, 'wait') : undefined),
    [commands.data, kind],
  );
  useRecheckCommand(form, ['wait_device', name, 'command_id'], options);
  const position = name + 1;

  return (
    <fieldset className={styles.waitRow} aria-label={`Wait device ${position}`}>
      <Form.Item
        label="Device to wait"
        name={[name, 'device_id']}
        rules={[{ required: true, message: 'Please select device to wait' }]}
      >
        <DeviceSelect aria-label={`Device to wait ${position}`} />
      </Form.Item>
      <Form.Item label="Type" name={[name, 'type']} rules={[{ required: true }]}>
        <Select<CommandKind>
          aria-label={`Wait type ${position}`}
          options={kindOptions}
          onChange={() => form.setFieldValue(['wait_device', name, 'command_id'], undefined)}
        />
      </Form.Item>
      <Form.Item
        label="Command"
        name={[name, 'command_id']}
        dependencies={[['wait_device', name, 'device_id']]}
        rules={[
          { required: true, message: 'Please select a command' },
          existingCommandRule(options),
        ]}
      >
        <CommandSelect
          aria-label={`Wait command ${position}`}
          options={device ? options : []}
          disabled={!device}
        />
      </Form.Item>
      {kind === 'input' ? (
        <Form.Item
          label="Condition"
          name={[name, 'condition']}
          rules={[{ required: true, message: 'Please select a condition' }]}
        >
          <Select
            aria-label={`Wait condition ${position}`}
            options={waitConditionOperator.options.map((operator) => ({
              value: operator,
              label: operator,
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Value"
        name={[name, 'command_value']}
        dependencies={[['wait_device', name, 'type']]}
        rules={[
          { required: true, message: 'Please enter waiting command value' },
          ({ getFieldValue }) =>
            getFieldValue(['wait_device', name, 'type']) === 'binary'
              ? numberRange({ min: 0, max: 1, integer: true, message: 'Must be 0 or 1.' })
              : numberRange({ min: 0 }),
        ]}
      >
        <InputNumber<number> aria-label={`Wait value ${position}`} />
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<MinusCircleOutlined />}
        aria-label={`Remove wait device ${position}`}
        onClick={onRemove}
        className={styles.removeWait}
      />
    </fieldset>
  );
}
