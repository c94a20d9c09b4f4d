import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import type { DynamicValueForm } from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';

export const DYNAMIC_VALUES_TITLE = 'Set Dynamic Values for Workflow';

type DynamicValues = Record<string, number>;

interface DynamicValuesModalProps {
  /** The start check's groups of values; undefined while closed. */
  groups: DynamicValueForm['data'] | undefined;
  starting: boolean;
  onStart: (values: DynamicValues) => void;
  onCancel: () => void;
}

/** Asks the value of every dynamic step before a start; the fields are named by step id. */
export function DynamicValuesModal({
  groups,
  starting,
  onStart,
  onCancel,
}: DynamicValuesModalProps) {
  const [form] = Form.useForm<DynamicValues>();
  return (
    <FormModal<DynamicValues>
      title={DYNAMIC_VALUES_TITLE}
      open={groups !== undefined}
      form={form}
      okText="Start"
      submitting={starting}
      onCancel={onCancel}
      onSubmit={onStart}
    >
      {groups?.map((group, groupIndex) => (
        <section key={`${group.name}-${groupIndex}`}>
          {group.name ? <Typography.Text strong>{group.name}</Typography.Text> : null}
          {group.form.map((entry, entryIndex) => (
            <Form.Item
              key={entry.step_id}
              label={`${entry.name} (${entry.device_name})`}
              name={String(entry.step_id)}
              rules={[
                { required: true, message: `Please set ${entry.name} for ${entry.device_name}` },
              ]}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                autoFocus={groupIndex + entryIndex === 0}
              />
            </Form.Item>
          ))}
        </section>
      ))}
    </FormModal>
  );
}
