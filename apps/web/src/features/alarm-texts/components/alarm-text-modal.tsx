import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { updateAlarmTextBody, type AlarmText } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCreateAlarmText } from '../api/create-alarm-text.ts';
import { useUpdateAlarmText } from '../api/update-alarm-text.ts';

interface AlarmTextValues {
  index: number;
  message: string;
}

/** Closed, adding a new text, or editing an existing one. */
export type AlarmTextDialog =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; text: AlarmText };

interface AlarmTextModalProps {
  deviceCode: string;
  dialog: AlarmTextDialog;
  onClose: () => void;
}

export function AlarmTextModal({ deviceCode, dialog, onClose }: AlarmTextModalProps) {
  const [form] = Form.useForm<AlarmTextValues>();
  const { message, notification } = useFeedback();
  const creation = useCreateAlarmText();
  const update = useUpdateAlarmText();
  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const submit = (values: AlarmTextValues) => {
    if (dialog.mode === 'edit') {
      update.mutate(
        { id: dialog.text.id, ...values },
        {
          onSuccess: () => {
            void message.success(`Alarm ID ${values.index} updated`);
            onClose();
          },
          onError,
        },
      );
    } else {
      creation.mutate(
        { device_id: deviceCode, ...values },
        {
          onSuccess: () => {
            void message.success(`Alarm ID ${values.index} added`);
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <FormModal<AlarmTextValues>
      title={dialog.mode === 'edit' ? `Edit Alarm ID ${dialog.text.index}` : 'Add Alarm Text'}
      open={dialog.mode !== 'closed'}
      form={form}
      okText={dialog.mode === 'edit' ? 'Save' : 'Add'}
      submitting={creation.isPending || update.isPending}
      initialValues={
        dialog.mode === 'edit' ? { index: dialog.text.index, message: dialog.text.message } : {}
      }
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item
        label="Alarm ID"
        name="index"
        extra="The code the PLC reports in the device's Alarm Code register."
        rules={[
          { required: true, message: 'Please input the Alarm ID' },
          schemaRule(updateAlarmTextBody.shape.index),
        ]}
      >
        <InputNumber<number> autoFocus style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="Alarm Text"
        name="message"
        rules={[
          { required: true, whitespace: true, message: 'Please input the Alarm Text' },
          schemaRule(updateAlarmTextBody.shape.message),
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
