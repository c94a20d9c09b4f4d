import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAddWorkflowProduct } from '../api/add-workflow-product.ts';
import { useProductCatalog } from '../api/get-product-catalog.ts';
import { useWorkflowProducts, type WorkflowProduct } from '../api/get-workflow-products.ts';
import { useRemoveWorkflowProduct } from '../api/remove-workflow-product.ts';
import styles from './configuration-tabs.module.css';

interface AddProductValues {
  product_id?: number;
}

/** The products made with this workflow. */
export function WorkflowProductsTab({ workflowId }: { workflowId: number }) {
  const [form] = Form.useForm<AddProductValues>();
  const products = useWorkflowProducts(workflowId);
  const catalog = useProductCatalog();
  const adding = useAddWorkflowProduct(workflowId);
  const removing = useRemoveWorkflowProduct(workflowId);
  const { message, notification } = useFeedback();
  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });
  const linked = new Set(products.data?.map((entry) => entry.product_id));

  const add = ({ product_id }: AddProductValues) => {
    if (product_id === undefined) return;
    adding.mutate(product_id, {
      onSuccess: () => {
        form.resetFields();
        void message.success('Product added to the workflow');
      },
      onError,
    });
  };

  return (
    <>
      <Form<AddProductValues>
        form={form}
        layout="inline"
        onFinish={add}
        className={styles.inlineForm}
      >
        <Form.Item
          name="product_id"
          rules={[{ required: true, message: 'Please select a product' }]}
        >
          <Select<number>
            className={styles.select}
            aria-label="Product"
            placeholder="Choose a product"
            showSearch={{ optionFilterProp: 'label' }}
            loading={catalog.isPending}
            options={catalog.data
              ?.filter((product) => !linked.has(product.product_id))
              .map((product) => ({ value: product.product_id, label: product.product_name }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding.isPending}>
          Add Product
        </Button>
      </Form>
      {products.data ? (
        <Table<WorkflowProduct>
          rowKey="id"
          size="middle"
          dataSource={products.data}
          pagination={false}
          columns={[
            { title: 'Product', dataIndex: 'product_name' },
            { title: 'Description', dataIndex: 'product_description' },
            {
              title: 'Actions',
              key: 'actions',
              align: 'right',
              render: (_value, entry) => (
                <Popconfirm
                  title="Remove product"
                  description={`Remove ${entry.product_name} from this workflow?`}
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    removing.mutate(entry.id, {
                      onSuccess: () => void message.success('Product removed'),
                      onError,
                    })
                  }
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={removing.isPending && removing.variables === entry.id}
                    aria-label={`Remove ${entry.product_name}`}
                  >
                    Remove
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
          locale={{
            emptyText: (
              <EmptyState
                title="No products yet"
                description="Link the products this workflow makes."
              />
            ),
          }}
        />
      ) : products.isError ? (
        <LoadError
          error={products.error}
          retrying={products.isFetching}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      )}
    </>
  );
}
