import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { roastProfileMessages as M } from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';

interface ReasonValues {
  reason: string;
}

interface SaveVersionModalProps {
  open: boolean;
  /** The number the new version gets. */
  version: number;
  submitting: boolean;
  onSave: (reason: string) => void;
  onCancel: () => void;
}

/** Asks why the profile changes before it is saved as its next version. */
export function SaveVersionModal({
  open,
  version,
  submitting,
  onSave,
  onCancel,
}: SaveVersionModalProps) {
  const [form] = Form.useForm<ReasonValues>();
  return (
    <FormModal<ReasonValues>
      title={`Save as version ${version}`}
      open={open}
      form={form}
      okText={`Save version ${version}`}
      submitting={submitting}
      focusField="reason"
      onSubmit={(values) => onSave(values.reason.trim())}
      onCancel={onCancel}
    >
      <Form.Item
        name="reason"
        label="Why does the profile change?"
        rules={[{ required: true, whitespace: true, message: M.reason }, { max: 500 }]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}
