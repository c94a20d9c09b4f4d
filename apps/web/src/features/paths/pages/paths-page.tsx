import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import type { RoastingPath } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeletePath } from '../api/delete-path.ts';
import { usePaths } from '../api/get-paths.ts';
import { PathModal, type PathDialog } from '../components/path-modal.tsx';
import { PathsTable } from '../components/paths-table.tsx';

/** /admin/path: the roasting paths orders may start along. */
export function PathsPage() {
  const paths = usePaths();
  const deletion = useDeletePath();
  const { message, notification } = useFeedback();
  const [dialog, setDialog] = useState<PathDialog>({ mode: 'closed' });

  const remove = (path: RoastingPath) =>
    deletion.mutate(path.id, {
      onSuccess: () => void message.success('Path deleted'),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Paths"
        subtitle="Roasting paths: the green silos, roaster and bin an order may start along, with the workflow it runs."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            Add New Path
          </Button>
        }
      />
      <Card>
        {paths.isError ? (
          <LoadError
            error={paths.error}
            retrying={paths.isFetching}
            onRetry={() => void paths.refetch()}
          />
        ) : paths.data ? (
          <PathsTable
            paths={paths.data}
            deletingId={deletion.isPending ? deletion.variables : undefined}
            onEdit={(path) => setDialog({ mode: 'edit', path })}
            onDelete={remove}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        )}
      </Card>
      <PathModal dialog={dialog} onClose={() => setDialog({ mode: 'closed' })} />
    </>
  );
}
