import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { Product, QualitySpec } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteProduct } from '../api/delete-product.ts';
import { qualitySpecQueryOptions } from '../api/get-quality-spec.ts';
import { useProducts } from '../api/get-products.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { FetchFailed } from './fetch-failed.tsx';
import { ProductFormModal } from './product-form-modal.tsx';
import { QualitySpecModal } from './quality-spec-modal.tsx';
import { RecipeTable } from './recipe-table.tsx';
import styles from './settings-tab.module.css';

export const DELETE_PRODUCT_CONFIRMATION = 'Are you sure you want to delete this product?';

type Dialog = { open: false } | { open: true; product: Product | undefined };

/** The products with their recipes, each row expanding into the beans it is roasted from. */
export function ProductsTab() {
  const products = useProducts();
  const deletion = useDeleteProduct();
  const { message, notification } = useFeedback();
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const queryClient = useQueryClient();
  const [spec, setSpec] = useState<QualitySpec | undefined>();
  const [specLoading, setSpecLoading] = useState<number | undefined>();

  // The specification is read before its dialog opens, so the form starts from what is saved.
  const openSpec = async (product: Product) => {
    setSpecLoading(product.product_id);
    try {
      setSpec(await queryClient.fetchQuery(qualitySpecQueryOptions(product.product_id)));
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    } finally {
      setSpecLoading(undefined);
    }
  };

  const remove = (product: Product) =>
    deletion.mutate(product.product_id, {
      onSuccess: () => void message.success(`Product ${product.product_name} deleted`),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  const columns: ColumnsType<Product> = [
    {
      title: 'Name',
      dataIndex: 'product_name',
      sorter: (a, b) => a.product_name.localeCompare(b.product_name),
    },
    { title: 'Description', dataIndex: 'product_description' },
    {
      title: 'Min',
      dataIndex: 'min_batch_weight',
      align: 'right',
      render: (value: number) => formatLbs(value),
    },
    {
      title: 'Max',
      dataIndex: 'max_batch_weight',
      align: 'right',
      render: (value: number) => formatLbs(value),
    },
    {
      title: 'Default Batch Size',
      dataIndex: 'batch_weight',
      align: 'right',
      render: (value: number | null) => (value === null ? '—' : formatLbs(value)),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, product) => (
        <Space size="small">
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${product.product_name}`}
            onClick={() => setDialog({ open: true, product })}
          >
            Edit
          </Button>
          <Button
            size="small"
            icon={<SafetyCertificateOutlined />}
            aria-label={`Quality specification of ${product.product_name}`}
            loading={specLoading === product.product_id}
            onClick={() => void openSpec(product)}
          >
            Quality spec
          </Button>
          <Popconfirm
            title="Delete product"
            description={DELETE_PRODUCT_CONFIRMATION}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(product)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={deletion.isPending && deletion.variables === product.product_id}
              aria-label={`Delete ${product.product_name}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, product: undefined })}
        >
          Add new product
        </Button>
      </div>
      {products.data ? (
        <Table<Product>
          rowKey="product_id"
          size="middle"
          columns={columns}
          dataSource={products.data}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (product) => <RecipeTable lines={product.product_recipes} />,
          }}
          locale={{
            emptyText: <EmptyState description="Add a product and the beans of its recipe." />,
          }}
        />
      ) : products.isError ? (
        <FetchFailed
          error={products.error}
          retrying={products.isFetching}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      <ProductFormModal
        open={dialog.open}
        product={dialog.open ? dialog.product : undefined}
        onClose={() => setDialog({ open: false })}
      />
      <QualitySpecModal spec={spec} onClose={() => setSpec(undefined)} />
    </>
  );
}
