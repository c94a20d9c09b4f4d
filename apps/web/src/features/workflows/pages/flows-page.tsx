import { useDeferredValue, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import type { WorkflowListEntry } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteWorkflow } from '../api/delete-workflow.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { CreateWorkflowModal } from '../components/create-workflow-modal.tsx';
import { WorkflowsTable } from '../components/workflows-table.tsx';
import { workflowFilters, workflowTypeLabels, type WorkflowFilter } from '../lib/workflow-types.ts';
import styles from './flows-page.module.css';

const filterOptions = workflowFilters.map((filter) => ({
  value: filter,
  label: filter === 'all' ? 'All' : workflowTypeLabels[filter],
}));

export function FlowsPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const unusedDevice = searchParams.get('device');
  const [type, setType] = useState<WorkflowFilter>('all');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  // Typing stays responsive; the list follows when React has time.
  const deferredSearch = useDeferredValue(search);
  const workflows = useWorkflows({ type, search: deferredSearch });
  const deletion = useDeleteWorkflow();
  const { message, notification } = useFeedback();

  const remove = (workflow: WorkflowListEntry) =>
    deletion.mutate(workflow.id, {
      onSuccess: () => void message.success(`Workflow ${workflow.name} deleted`),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle="Diagrams of devices and the steps the plant runs on them."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Add Workflow
          </Button>
        }
      />
      {unusedDevice ? (
        <Alert
          className={styles.notice}
          type="info"
          showIcon
          title={`No workflow uses device ${unusedDevice} yet.`}
          description={`Open a workflow's designer and drag ${unusedDevice} onto its canvas, or add a new workflow.`}
          closable={{
            onClose: () => void navigate(paths.admin.flows.getHref(), { replace: true }),
          }}
        />
      ) : null}
      <Card>
        <div className={styles.filters}>
          <Segmented<WorkflowFilter>
            aria-label="Workflow type"
            options={filterOptions}
            value={type}
            onChange={setType}
          />
          <Input.Search
            className={styles.search}
            aria-label="Search workflows"
            placeholder="Search by name"
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {workflows.data ? (
          <WorkflowsTable
            workflows={workflows.data}
            loading={workflows.isFetching && workflows.isPlaceholderData}
            deletingId={deletion.isPending ? deletion.variables : undefined}
            onDelete={remove}
          />
        ) : workflows.isError ? (
          <LoadError
            error={workflows.error}
            retrying={workflows.isFetching}
            onRetry={() => void workflows.refetch()}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        )}
      </Card>
      <CreateWorkflowModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(workflow) => {
          setCreating(false);
          void navigate(paths.admin.flow.getHref(workflow.id));
        }}
      />
    </>
  );
}
