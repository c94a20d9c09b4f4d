import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import {
  foodSafetyFields,
  foodSafetyMessages,
  type PackingCheckBody,
  type PassFail,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { usePackingOrders } from '../api/get-choices.ts';
import { useRecordPackingCheck } from '../api/record-packing-check.ts';

type CheckValues = Omit<PackingCheckBody, 'corrects' | 'correction_reason'>;

const results: { key: keyof CheckValues; label: string }[] = [
  { key: 'metal_fe', label: 'Metal detector: Fe test piece rejected' },
  { key: 'metal_non_fe', label: 'Metal detector: non-Fe test piece rejected' },
  { key: 'metal_stainless', label: 'Metal detector: stainless steel test piece rejected' },
  { key: 'check_weigher', label: 'Check-weigher' },
];

const passFail = (
  <Radio.Group optionType="button" buttonStyle="solid">
    <Radio.Button value={'pass' satisfies PassFail}>Pass</Radio.Button>
    <Radio.Button value={'fail' satisfies PassFail}>Fail</Radio.Button>
  </Radio.Group>
);

interface PackingCheckModalProps {
  open: boolean;
  /** The packing order chosen beforehand (from the packing order screen). */
  packingOrderId: number | undefined;
  onClose: () => void;
}

/** The checks at a packing line, entered by the person signed in; a fail opens a deviation. */
export function PackingCheckModal({ open, packingOrderId, onClose }: PackingCheckModalProps) {
  const [form] = Form.useForm<CheckValues>();
  const saving = useRecordPackingCheck();
  const orders = usePackingOrders();
  const { message } = useFeedback();

  const close = () => {
    saving.reset();
    form.resetFields();
    onClose();
  };

  const submit = (values: CheckValues) =>
    saving.mutate(values, {
      onSuccess: (check) => {
        void message[check.passed ? 'success' : 'warning'](
          check.passed
            ? `Packing checks of order ${check.order_number} recorded.`
            : `Packing checks of order ${check.order_number} recorded: a fail opened a deviation.`,
        );
        close();
      },
    });

  return (
    <FormModal<CheckValues>
      title="Packing checks"
      open={open}
      form={form}
      okText="Record"
      submitting={saving.isPending}
      initialValues={{
        packing_order_id: packingOrderId,
        metal_fe: 'pass',
        metal_non_fe: 'pass',
        metal_stainless: 'pass',
        check_weigher: 'pass',
      }}
      focusField="check_weigher_lbs"
      onSubmit={submit}
      onCancel={close}
    >
      {saving.isError ? <Alert type="error" showIcon title={errorMessage(saving.error)} /> : null}
      <Form.Item
        name="packing_order_id"
        label="Packing order"
        rules={[{ required: true, message: 'Please choose the packing order.' }]}
      >
        <Select
          loading={orders.isPending}
          placeholder="Select a packing order"
          options={(orders.data?.data ?? []).map((o) => ({
            value: o.order_id,
            label: `${formatOrderNumber(o.order_id)} · ${o.product.product_name}`,
          }))}
        />
      </Form.Item>
      {results.map((r) => (
        <Form.Item
          key={r.key}
          name={r.key}
          label={r.label}
          rules={[{ required: true, message: foodSafetyMessages.result }]}
        >
          {passFail}
        </Form.Item>
      ))}
      <Form.Item
        name="check_weigher_lbs"
        label="Check-weigher reading (lbs)"
        rules={[
          { required: true, message: foodSafetyMessages.reading },
          schemaRule(foodSafetyFields.checkWeigherLbs),
        ]}
      >
        <InputNumber step={0.01} />
      </Form.Item>
      <Form.Item name="notes" label="Notes (optional)">
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
