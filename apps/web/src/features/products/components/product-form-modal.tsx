import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import {
  DEFAULT_MAX_BATCH,
  DEFAULT_MIN_BATCH,
  productMessages,
  updateProductBody,
  type Product,
  type UpdateProductBody,
} from '@roastery/contract';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useBeanList } from '../../../lib/get-bean-list.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import type { RecipeLineValues } from '../lib/recipe-total.ts';
import { RecipeLinesField } from './recipe-lines-field.tsx';
import styles from './product-form-modal.module.css';

const batchWeight = schemaRule(updateProductBody.shape.product.shape.batch_weight);

interface ProductFormValues {
  product_name: string;
  product_description?: string;
  batch_weight?: number | null;
  min_batch_weight?: number | null;
  max_batch_weight?: number | null;
  product_recipes: RecipeLineValues[];
}

function initialValues(product: Product | undefined): Partial<ProductFormValues> {
  if (!product) {
    return {
      min_batch_weight: DEFAULT_MIN_BATCH,
      max_batch_weight: DEFAULT_MAX_BATCH,
      product_recipes: [{}],
    };
  }
  return {
    product_name: product.product_name,
    product_description: product.product_description,
    batch_weight: product.batch_weight,
    min_batch_weight: product.min_batch_weight,
    max_batch_weight: product.max_batch_weight,
    product_recipes: product.product_recipes.map((line) => ({
      bean_id: line.bean_id,
      ratio: line.ratio,
    })),
  };
}

/** The form's validation has run, so every line has a bean and a ratio. */
function toBody(values: ProductFormValues): UpdateProductBody {
  return {
    product: {
      product_name: values.product_name,
      product_description: values.product_description ?? '',
      ...(values.batch_weight == null ? {} : { batch_weight: values.batch_weight }),
      min_batch_weight: values.min_batch_weight ?? DEFAULT_MIN_BATCH,
      max_batch_weight: values.max_batch_weight ?? DEFAULT_MAX_BATCH,
    },
    product_recipes: values.product_recipes.map((line) => ({
      bean_id: line.bean_id ?? 0,
      ratio: line.ratio ?? 0,
    })),
  };
}

interface ProductFormModalProps {
  open: boolean;
  /** The product to edit; a new product when undefined. */
  product: Product | undefined;
  onClose: () => void;
}

export function ProductFormModal({ open, product, onClose }: ProductFormModalProps) {
  const [form] = Form.useForm<ProductFormValues>();
  const beans = useBeanList();
  const creation = useCreateProduct();
  const update = useUpdateProduct();
  const { message, notification } = useFeedback();

  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const submit = (values: ProductFormValues) => {
    const body = toBody(values);
    if (product) {
      update.mutate(
        { productId: product.product_id, body },
        {
          onSuccess: () => {
            void message.success('Product updated successfully');
            onClose();
          },
          onError,
        },
      );
    } else {
      creation.mutate(
        { ...body, product: { ...body.product, product_lot_number: '-1' } },
        {
          onSuccess: () => {
            void message.success('Product created successfully');
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <FormModal<ProductFormValues>
      title={product ? `Edit ${product.product_name}` : 'Add new product'}
      open={open}
      form={form}
      width={720}
      okText={product ? 'Update product' : 'Create product'}
      submitting={creation.isPending || update.isPending}
      initialValues={initialValues(product)}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Form.Item
        name="product_name"
        label="Product name"
        rules={[{ required: true, whitespace: true, message: productMessages.name }]}
      >
        <Input maxLength={120} autoFocus />
      </Form.Item>
      <Form.Item name="product_description" label="Description">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <div className={styles.weights}>
        <Form.Item name="batch_weight" label="Default Batch Size (lbs)" rules={[batchWeight]}>
          <InputNumber className={styles.number} />
        </Form.Item>
        <Form.Item name="min_batch_weight" label="Min (lbs)" rules={[batchWeight]}>
          <InputNumber className={styles.number} />
        </Form.Item>
        <Form.Item name="max_batch_weight" label="Max (lbs)" rules={[batchWeight]}>
          <InputNumber className={styles.number} />
        </Form.Item>
      </div>
      <RecipeLinesField beans={beans.data ?? []} beansLoading={beans.isPending} />
    </FormModal>
  );
}
