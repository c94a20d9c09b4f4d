import Checkbox from 'antd/es/checkbox';
import DatePicker from 'antd/es/date-picker';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import {
  createPackingBody,
  orderMessages,
  orderPriority,
  type OrderPriority,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCreatePacking, usePackingForm } from '../api/packing-orders.ts';
import { productOptions } from '../lib/product-options.ts';
import styles from './orders.module.css';

interface PackingFormValues {
  product_id: number;
  order_qty?: number;
  fulfillment_date?: Dayjs;
  reentry: boolean;
  order_name?: string;
  order_customer?: string;
  workflow_id?: number;
  priority: OrderPriority;
}

/**
 * Required unless WRB ReEntry is ticked. The rule reads the box when it runs: the revalidation
 * that ticking it triggers (dependencies) waits one frame only, and on a busy machine a rule
 * built from a watched value may not have re-rendered by then, leaving a stale error on screen.
 */
const requiredUnlessReentry =
  (message: string): Rule =>
  ({ getFieldValue }) => ({ required: getFieldValue('reentry') !== true, message });

/** New Packing: quantity and date may be left out when packing the WRB re-entry bin. */
export function PackingFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PackingFormValues>();
  const formData = usePackingForm({ enabled: open });
  const create = useCreatePacking();
  const { message, notification } = useFeedback();

  const submit = (values: PackingFormValues) =>
    create.mutate(
      {
        product_id: values.product_id,
        reentry: values.reentry,
        order_name: values.order_name ?? '',
        order_customer: values.order_customer ?? '',
        priority: values.priority,
        ...(values.order_qty === undefined || values.order_qty === null
          ? {}
          : { order_qty: values.order_qty }),
        ...(values.fulfillment_date
          ? { fulfillment_date: values.fulfillment_date.toISOString() }
          : {}),
        ...(values.workflow_id === undefined ? {} : { workflow_id: values.workflow_id }),
      },
      {
        onSuccess: () => {
          void message.success('Packing order created successfully');
          onClose();
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  return (
    <FormModal<PackingFormValues>
      title="New Packing"
      open={open}
      form={form}
      okText="Create"
      submitting={create.isPending}
      initialValues={{
        reentry: false,
        priority: 'medium',
        fulfillment_date: dayjs().startOf('day'),
      }}
      onSubmit={submit}
      onCancel={onClose}
    >
      <QueryState query={formData}>
        {(data) => (
          <>
            <Form.Item
              name="product_id"
              label="Product"
              rules={[{ required: true, message: orderMessages.packingProduct }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select a product"
                options={productOptions(data.products)}
              />
            </Form.Item>
            <Form.Item name="reentry" valuePropName="checked">
              <Checkbox>WRB ReEntry</Checkbox>
            </Form.Item>
            <Form.Item
              name="order_qty"
              label="Quantity (lbs)"
              dependencies={['reentry']}
              rules={[
                requiredUnlessReentry(orderMessages.packingQuantity),
                schemaRule(createPackingBody.shape.order_qty),
              ]}
            >
              <InputNumber className={styles.wide} />
            </Form.Item>
            <Form.Item
              name="fulfillment_date"
              label="Fullfilment Date"
              dependencies={['reentry']}
              rules={[requiredUnlessReentry(orderMessages.packingDate)]}
            >
              <DatePicker format="DD/MM/YYYY" className={styles.wide} />
            </Form.Item>
            <Form.Item name="workflow_id" label="Packing workflow">
              <Select
                allowClear
                placeholder="The product's packing workflow"
                options={data.rules.map((rule) => ({
                  value: rule.workflow_id,
                  label: rule.name,
                }))}
              />
            </Form.Item>
            <Form.Item name="order_customer" label="Customer">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="order_name" label="Packing name">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="priority" label="Priority">
              <Select options={orderPriority.options.map((value) => ({ value, label: value }))} />
            </Form.Item>
          </>
        )}
      </QueryState>
    </FormModal>
  );
}
