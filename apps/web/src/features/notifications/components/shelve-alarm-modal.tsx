import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { Notification } from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';

interface ShelveValues {
  minutes: number;
  reason: string;
}

/** The usual shelve lengths, in minutes; those beyond the console's maximum are left out. */
const DURATIONS = [15, 30, 60, 120, 240, 480];

function durationLabel(minutes: number): string {
  return minutes < 60
    ? `${minutes} minutes`
    : `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
}

interface ShelveAlarmModalProps {
  alarm: Notification | undefined;
  maxMinutes: number;
  submitting: boolean;
  onSubmit: (values: ShelveValues) => void;
  onCancel: () => void;
}

export function ShelveAlarmModal({
  alarm,
  maxMinutes,
  submitting,
  onSubmit,
  onCancel,
}: ShelveAlarmModalProps) {
  const [form] = Form.useForm<ShelveValues>();
  const durations = DURATIONS.filter((m) => m <= maxMinutes);
  return (
    <FormModal<ShelveValues>
      title="Shelve alarm"
      open={alarm !== undefined}
      form={form}
      okText="Shelve"
      submitting={submitting}
      initialValues={{ minutes: durations.includes(60) ? 60 : durations[0] }}
      onSubmit={(values) => onSubmit({ ...values, reason: values.reason.trim() })}
      onCancel={onCancel}
    >
      <p>{alarm?.text}</p>
      <Form.Item name="minutes" label="Shelve for" rules={[{ required: true }]}>
        <Select options={durations.map((m) => ({ value: m, label: durationLabel(m) }))} />
      </Form.Item>
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
