import { useState } from 'react';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Bean } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatGreenLot } from '../../../lib/format-green-lot.ts';
import { useBeanList } from '../../../lib/get-bean-list.ts';
import { BeanFormModal } from './bean-form-modal.tsx';
import { FetchFailed } from './fetch-failed.tsx';
import styles from './settings-tab.module.css';

type Dialog = { open: false } | { open: true; bean: Bean | undefined };

/** The green beans and the silos each may be stored in. */
export function BeansTab() {
  const beans = useBeanList();
  const [dialog, setDialog] = useState<Dialog>({ open: false });

  const columns: ColumnsType<Bean> = [
    {
      title: 'Bean name',
      dataIndex: 'bean_name',
      sorter: (a, b) => a.bean_name.localeCompare(b.bean_name),
      render: (name: string, bean) => (
        <>
          {name}
          {bean.segregation ? (
            <Tag
              color={bean.segregation === 'organic' ? 'green' : 'purple'}
              className={styles.segregation}
            >
              {bean.segregation}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: 'Bean ID',
      dataIndex: 'bean_id',
      render: (value: number | null) => value ?? '—',
    },
    { title: 'Description', dataIndex: 'description' },
    {
      title: 'Bins',
      dataIndex: 'bin_names',
      render: (names: string[]) =>
        names.length === 0 ? '—' : names.map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      title: 'Typical lot',
      key: 'typical',
      render: (_value, bean) =>
        formatGreenLot(bean.typical_moisture_pct, bean.typical_density_g_per_l),
    },
    {
      title: 'Actions',
      key: 'actions',
      align: 'right',
      render: (_value, bean) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={`Edit ${bean.bean_name}`}
          onClick={() => setDialog({ open: true, bean })}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ open: true, bean: undefined })}
        >
          Add bean
        </Button>
      </div>
      {beans.data ? (
        <Table<Bean>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={beans.data}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <EmptyState description="Add the green beans the plant roasts." />,
          }}
        />
      ) : beans.isError ? (
        <FetchFailed
          error={beans.error}
          retrying={beans.isFetching}
          onRetry={() => void beans.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      )}
      <BeanFormModal
        open={dialog.open}
        bean={dialog.open ? dialog.bean : undefined}
        onClose={() => setDialog({ open: false })}
      />
    </>
  );
}
