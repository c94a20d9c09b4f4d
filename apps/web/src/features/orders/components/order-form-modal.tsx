import Alert from 'antd/es/alert';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import dayjs, { type Dayjs } from 'dayjs';
import {
  createRoastingOrderBody,
  orderMessages,
  orderPriority,
  type CreateRoastingOrderBody,
  type OrderPriority,
  type RoastingOrder,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { numberRange } from '../../../lib/number-range.ts';
import { useOrderForm } from '../api/get-order-form.ts';
import { useCreateOrder, useUpdateOrder } from '../api/save-order.ts';
import { productOptions } from '../lib/product-options.ts';
import { roasterOptions } from '../lib/roaster-options.ts';
import {
  DEFAULT_MAX_BATCH,
  DEFAULT_MIN_BATCH,
  planByBatches,
  planSplits,
} from '../lib/order-splits.ts';
import styles from './orders.module.css';

interface OrderFormValues {
  order_product: number;
  /** Lbs, or the number of batches when the order-form settings name total_split. */
  order_qty?: number;
  total_split?: number;
  rule_id: number;
  roasted_rule_id?: string;
  order_customer?: string;
  fulfillment_date: Dayjs;
  override_batch: boolean;
  new_split_qty?: number;
  order_name?: string;
  priority: OrderPriority;
}

function initialValues(order: RoastingOrder | undefined): Partial<OrderFormValues> {
  if (!order) return { override_batch: false, priority: 'medium' };
  return {
    order_product: order.order_product,
    order_qty: order.order_qty,
    total_split: order.total_split,
    rule_id: order.rule_id ?? undefined,
    roasted_rule_id: order.destination_device ?? undefined,
    order_customer: order.order_customer,
    fulfillment_date: order.fulfillment_date ? dayjs(order.fulfillment_date) : undefined,
    override_batch: order.override_batch,
    new_split_qty: order.override_batch ? order.split_amt : undefined,
    order_name: order.order_name,
    priority: order.priority,
  };
}

function toBody(values: OrderFormValues, byBatches: boolean): CreateRoastingOrderBody {
  return {
    order_product: values.order_product,
    ...(byBatches ? { total_split: values.total_split } : { order_qty: values.order_qty }),
    rule_id: values.rule_id,
    roasted_rule_id: values.roasted_rule_id ?? null,
    order_customer: values.order_customer ?? '',
    order_name: values.order_name ?? '',
    fulfillment_date: values.fulfillment_date.toISOString(),
    override_batch: values.override_batch,
    ...(values.override_batch ? { new_split_qty: values.new_split_qty } : {}),
    priority: values.priority,
  };
}

interface OrderFormModalProps {
  open: boolean;
  /** The order to update; a new order when absent. */
  order?: RoastingOrder | undefined;
  onClose: () => void;
}

/** Create New Order and Update Order: the form, with the batches it will split into. */
export function OrderFormModal({ open, order, onClose }: OrderFormModalProps) {
  const [form] = Form.useForm<OrderFormValues>();
  const formData = useOrderForm({ enabled: open });
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const { message, notification } = useFeedback();

  const productId = Form.useWatch('order_product', form);
  const quantity = Form.useWatch('order_qty', form);
  const batches = Form.useWatch('total_split', form);
  const override = Form.useWatch('override_batch', form);
  const batchSize = Form.useWatch('new_split_qty', form);
  const product = formData.data?.products.find((entry) => entry.product_id === productId);
  const minBatch = product?.min_batch_weight ?? DEFAULT_MIN_BATCH;
  const maxBatch = product?.max_batch_weight ?? DEFAULT_MAX_BATCH;
  const byBatches = formData.data?.settings.quantity_field === 'total_split';
  const plan = byBatches
    ? planByBatches(batches, product?.batch_weight, override ? batchSize : undefined)
    : planSplits(quantity, product?.batch_weight, override ? batchSize : undefined);
  const destinationRequired = formData.data?.settings.destination_required ?? false;

  const submit = (values: OrderFormValues) => {
    const body = toBody(values, byBatches);
    const done = {
      onSuccess: () => {
        void message.success(order ? 'Order updated successfully' : 'Order created successfully');
        onClose();
      },
      onError: (error: unknown) =>
        notification.error({ title: 'Error', description: errorMessage(error) }),
    };
    if (order) update.mutate({ id: order.order_id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <FormModal<OrderFormValues>
      title={order ? 'Update Order' : 'Create New Order'}
      open={open}
      form={form}
      okText={order ? 'Update' : 'Create'}
      submitting={create.isPending || update.isPending}
      initialValues={initialValues(order)}
      width={640}
      onSubmit={submit}
      onCancel={onClose}
    >
      <QueryState query={formData}>
        {(data) => (
          <>
            <Form.Item
              name="order_product"
              label="Product"
              rules={[{ required: true, message: orderMessages.product }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Select a product"
                options={productOptions(data.products)}
              />
            </Form.Item>
            {byBatches ? (
              <Form.Item
                name="total_split"
                label="Number of batches"
                rules={[
                  { required: true, message: orderMessages.quantity },
                  schemaRule(createRoastingOrderBody.shape.total_split),
                ]}
              >
                <InputNumber className={styles.wide} />
              </Form.Item>
            ) : (
              <Form.Item
                name="order_qty"
                label="Quantity (lbs)"
                rules={[
                  { required: true, message: orderMessages.quantity },
                  schemaRule(createRoastingOrderBody.shape.order_qty),
                ]}
              >
                <InputNumber className={styles.wide} />
              </Form.Item>
            )}
            <Form.Item
              name="rule_id"
              label="Roaster"
              rules={[{ required: true, message: orderMessages.roaster }]}
            >
              <Select placeholder="Select a roaster" options={roasterOptions(data.rules)} />
            </Form.Item>
            <Form.Item
              name="roasted_rule_id"
              label="Destination"
              rules={[{ required: destinationRequired, message: orderMessages.destination }]}
            >
              <Select
                allowClear
                placeholder="Select a destination"
                options={data.roasted_rules.map((rule) => ({
                  value: rule.device_id,
                  label: rule.device_name,
                }))}
              />
            </Form.Item>
            <Form.Item name="order_customer" label="Customer">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item
              name="fulfillment_date"
              label="Fullfilment Date"
              rules={[{ required: true, message: orderMessages.fulfillmentDate }]}
            >
              <DatePicker format="DD/MM/YYYY" className={styles.wide} />
            </Form.Item>
            <Form.Item name="override_batch" label="Override batch size" valuePropName="checked">
              <Switch checkedChildren="YES" unCheckedChildren="NO" />
            </Form.Item>
            {override ? (
              <Form.Item
                name="new_split_qty"
                label={`New batch size (lbs, ${minBatch} to ${maxBatch})`}
                rules={[
                  { required: true, message: orderMessages.batchSize },
                  numberRange({
                    min: Math.max(minBatch, 0.01),
                    max: maxBatch,
                    message: `The batch size must be between ${minBatch} and ${maxBatch} lbs`,
                  }),
                ]}
              >
                <InputNumber className={styles.wide} />
              </Form.Item>
            ) : null}
            <Form.Item name="order_name" label="Order name">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item name="priority" label="Priority">
              <Select options={orderPriority.options.map((value) => ({ value, label: value }))} />
            </Form.Item>
            {plan ? (
              <Alert
                className={styles.splits}
                type="info"
                showIcon
                title={`${plan.splits} ${plan.splits === 1 ? 'batch' : 'batches'} of up to ${plan.batchSize} lbs`}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </FormModal>
  );
}
