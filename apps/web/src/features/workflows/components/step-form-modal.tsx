import { useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { PlusOutlined } from '@ant-design/icons';
import type { WorkflowStep } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { numberRange } from '../../../lib/number-range.ts';
import { useCreateStep } from '../api/create-step.ts';
import { useDeviceCommands } from '../api/get-device-commands.ts';
import { useUpdateStep } from '../api/update-step.ts';
import {
  commandKindLabels,
  commandOptions,
  existingCommandRule,
  type CommandKind,
} from '../lib/command-options.ts';
import { CommandSelect } from './command-select.tsx';
import { DeviceSelect } from './device-select.tsx';
import {
  emptyStep,
  emptyWait,
  stepToValues,
  valuesToFields,
  type StepFormValues,
} from './step-form-values.ts';
import { useRecheckCommand } from './use-recheck-command.ts';
import { WaitDeviceRow } from './wait-device-row.tsx';
import styles from './step-form.module.css';

export type StepDialog =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; step: WorkflowStep };

interface StepFormModalProps {
  workflowId: number;
  dialog: StepDialog;
  onClose: () => void;
}

/** Adds or edits a step; the plant's refusal (422, naming the step) stays in the dialog. */
export function StepFormModal({ workflowId, dialog, onClose }: StepFormModalProps) {
  const [form] = Form.useForm<StepFormValues>();
  const [refusal, setRefusal] = useState<string>();
  const { message, notification } = useFeedback();
  const creation = useCreateStep(workflowId);
  const update = useUpdateStep(workflowId);
  const device = Form.useWatch('device_id', form);
  const kind: CommandKind = Form.useWatch('type', form) ?? 'binary';
  const dynamic = Form.useWatch('dynamic', form) ?? false;
  const commands = useDeviceCommands(device);
  const options = useMemo(
    () => (commands.data ? commandOptions(commands.data, kind, 'write') : undefined),
    [commands.data, kind],
  );
  useRecheckCommand(form, 'command_id', options);
  const editing = dialog.mode === 'edit' ? dialog.step : undefined;

  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      setRefusal(errorMessage(error));
      return;
    }
    notification.error({ title: 'Error', description: errorMessage(error) });
  };
  const submit = (values: StepFormValues) => {
    setRefusal(undefined);
    const fields = valuesToFields(values, editing);
    if (editing) {
      update.mutate(
        { id: editing.id, logic: fields },
        {
          onSuccess: () => {
            void message.success('Step updated');
            close();
          },
          onError,
        },
      );
    } else {
      creation.mutate(
        { workflow_id: workflowId, ...fields },
        {
          onSuccess: () => {
            void message.success('Step added');
            close();
          },
          onError,
        },
      );
    }
  };

  return (
    <FormModal<StepFormValues>
      title={editing ? `Edit Step ${editing.sort_no}` : 'Add Step'}
      open={dialog.mode !== 'closed'}
      form={form}
      okText={editing ? 'Save' : 'Add'}
      submitting={creation.isPending || update.isPending}
      initialValues={editing ? stepToValues(editing) : emptyStep}
      onCancel={close}
      onSubmit={submit}
      width={820}
    >
      {refusal ? (
        <Alert
          className={styles.refusal}
          type="error"
          showIcon
          title="The plant refused this step"
          description={refusal}
        />
      ) : null}
      <div className={styles.row}>
        <Form.Item
          label="Device"
          name="device_id"
          rules={[{ required: true, message: 'Please select a device' }]}
        >
          <DeviceSelect autoFocus />
        </Form.Item>
        <Form.Item label="Command type" name="type" rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={(['binary', 'input'] as const).map((value) => ({
              value,
              label: commandKindLabels[value],
            }))}
            onChange={() => form.setFieldValue('command_id', undefined)}
          />
        </Form.Item>
        <Form.Item
          label="Command"
          name="command_id"
          dependencies={['device_id']}
          rules={[
            { required: true, message: `please select ${kind} command` },
            existingCommandRule(options),
          ]}
        >
          <CommandSelect options={device ? options : []} disabled={!device} />
        </Form.Item>
        <Form.Item
          label="Command value"
          name="command_value"
          dependencies={['dynamic', 'type']}
          extra={dynamic ? 'Asked for when the workflow starts.' : undefined}
          rules={[
            { required: !dynamic, message: 'Please enter command value' },
            // A dynamic value is asked for at the start, so what the field holds is not sent.
            ({ getFieldValue }) =>
              getFieldValue('type') === 'binary' && getFieldValue('dynamic') !== true
                ? numberRange({ min: 0, max: 1, integer: true, message: 'Must be 0 or 1.' })
                : {},
          ]}
        >
          <InputNumber<number> style={{ width: '100%' }} disabled={dynamic} />
        </Form.Item>
      </div>
      <div className={styles.switches}>
        <Form.Item label="Dynamic" name="dynamic" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="Wait finish"
          name="wait_finish"
          valuePropName="checked"
          tooltip="Wait until the PLC feedback shows the written value before the next step."
        >
          <Switch />
        </Form.Item>
      </div>
      <Typography.Text strong>Wait devices</Typography.Text>
      <Typography.Paragraph type="secondary">
        The step waits until every one of these shows its value.
      </Typography.Paragraph>
      <Form.List name="wait_device">
        {(fields, { add, remove }) => (
          <div className={styles.waits}>
            {fields.map((field) => (
              <WaitDeviceRow
                key={field.key}
                form={form}
                name={field.name}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ ...emptyWait })}>
              Add wait device
            </Button>
          </div>
        )}
      </Form.List>
    </FormModal>
  );
}
