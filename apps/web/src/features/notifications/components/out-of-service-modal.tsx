import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { Notification } from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';

interface OutOfServiceValues {
  reason: string;
}

interface OutOfServiceModalProps {
  alarm: Notification | undefined;
  submitting: boolean;
  onSubmit: (values: OutOfServiceValues) => void;
  onCancel: () => void;
}

/** Takes the alarm's source out of service: its alarms are kept, not announced, until it returns. */
export function OutOfServiceModal({
  alarm,
  submitting,
  onSubmit,
  onCancel,
}: OutOfServiceModalProps) {
  const [form] = Form.useForm<OutOfServiceValues>();
  return (
    <FormModal<OutOfServiceValues>
      title="Take alarm out of service"
      open={alarm !== undefined}
      form={form}
      okText="Out of service"
      submitting={submitting}
      onSubmit={(values) => onSubmit({ reason: values.reason.trim() })}
      onCancel={onCancel}
    >
      <p>
        {alarm?.device_id ? `${alarm.device_id}: ` : ''}
        {alarm?.text}
      </p>
      <p>
        Every alarm from this source is recorded but not announced until it is returned to service.
      </p>
      <Form.Item
        name="reason"
        label="Reason"
        rules={[{ required: true, whitespace: true, message: 'Please give a reason.' }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
