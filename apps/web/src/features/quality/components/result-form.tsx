import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { enteredResultBody, qualityMessages, type EnteredResultBody } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useEnterResult } from '../api/enter-result.ts';
import { kindLabel } from '../lib/quality-lot.ts';
import styles from './result-form.module.css';

type Kind = EnteredResultBody['kind'];

interface ResultFormValues {
  kind?: Kind;
  value?: number | null;
  notes?: string;
}

const kinds: Kind[] = ['colour', 'moisture', 'cupping'];

/** The value checked as the server checks it: its bounds in the words of its kind. */
const valueRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    const checked = enteredResultBody.safeParse({ kind: getFieldValue('kind'), value });
    const issue = checked.error?.issues.find((i) => i.path[0] === 'value');
    if (issue) throw new Error(issue.message);
  },
});

/** Enters a lab result or a cupping; one out of specification puts the lot on hold at once. */
export function ResultForm({ lotId }: { lotId: number }) {
  const [form] = Form.useForm<ResultFormValues>();
  const entry = useEnterResult();
  const { message } = useFeedback();

  const submit = ({ kind, value, notes }: ResultFormValues) => {
    // The rules have run: kind and value are there.
    if (!kind || value === null || value === undefined) return;
    entry.mutate(
      { lotId, body: { kind, value, notes: notes ?? '' } },
      {
        onSuccess: (lot) => {
          form.resetFields();
          void message.success(
            lot.status === 'on_hold'
              ? `${kindLabel(kind)} entered; the lot is on hold.`
              : `${kindLabel(kind)} entered`,
          );
        },
      },
    );
  };

  return (
    <Form<ResultFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={(changed: ResultFormValues) => {
        // A value checked against another kind's words is checked again.
        if ('kind' in changed && form.getFieldValue('value') != null)
          void form.validateFields(['value']);
      }}
    >
      {entry.isError ? (
        <Alert className={styles.error} type="error" showIcon title={errorMessage(entry.error)} />
      ) : null}
      <div className={styles.fields}>
        <Form.Item
          name="kind"
          label="Result"
          className={styles.kind}
          rules={[{ required: true, message: qualityMessages.kind }]}
        >
          <Select<Kind>
            placeholder="Choose"
            options={kinds.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label="Value"
          className={styles.value}
          rules={[{ required: true, message: qualityMessages.value }, valueRule]}
        >
          <InputNumber className={styles.number} />
        </Form.Item>
      </div>
      <Form.Item name="notes" label="Notes">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={entry.isPending}>
        Enter result
      </Button>
    </Form>
  );
}
