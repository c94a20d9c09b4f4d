import { useState } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkflowStep } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteStep } from '../api/delete-step.ts';
import { useSteps } from '../api/get-steps.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { useImportSteps } from '../api/import-steps.ts';
import { StepFormModal, type StepDialog } from './step-form-modal.tsx';
import { StepsTable } from './steps-table.tsx';
import styles from './configuration-tabs.module.css';

export const IMPORT_STEPS_CONFIRMATION =
  'Importing replaces every step of this workflow with the steps of the chosen one. Are you sure to import the steps?';

const allWorkflows = { type: 'all', search: '' } as const;

export function StepsTab({ workflowId }: { workflowId: number }) {
  const steps = useSteps(workflowId);
  const workflows = useWorkflows(allWorkflows);
  const deletion = useDeleteStep(workflowId);
  const importing = useImportSteps(workflowId);
  const [dialog, setDialog] = useState<StepDialog>({ mode: 'closed' });
  const [importFrom, setImportFrom] = useState<number>();
  const { message, notification } = useFeedback();
  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const remove = (step: WorkflowStep) =>
    deletion.mutate(step.id, {
      onSuccess: () => void message.success('Step deleted'),
      onError,
    });
  const runImport = () => {
    if (importFrom === undefined) return;
    importing.mutate(importFrom, {
      onSuccess: (reply) => {
        void message.success(reply.message);
        setImportFrom(undefined);
      },
      onError,
    });
  };

  return (
    <>
      <div className={styles.toolbar}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
          Add Step
        </Button>
        <Space.Compact>
          <Select<number>
            className={styles.select}
            aria-label="Import steps from"
            placeholder="Import steps from…"
            showSearch={{ optionFilterProp: 'label' }}
            value={importFrom}
            onChange={setImportFrom}
            options={workflows.data
              ?.filter((workflow) => workflow.id !== workflowId)
              .map((workflow) => ({ value: workflow.id, label: workflow.name }))}
          />
          <Popconfirm
            title="Import steps"
            description={IMPORT_STEPS_CONFIRMATION}
            okText="Import"
            onConfirm={runImport}
            disabled={importFrom === undefined}
          >
            <Button
              icon={<ImportOutlined />}
              disabled={importFrom === undefined}
              loading={importing.isPending}
            >
              Import
            </Button>
          </Popconfirm>
        </Space.Compact>
      </div>
      {steps.data ? (
        <StepsTable
          steps={steps.data}
          onEdit={(step) => setDialog({ mode: 'edit', step })}
          onDelete={remove}
          deletingId={deletion.isPending ? deletion.variables : undefined}
        />
      ) : steps.isError ? (
        <LoadError
          error={steps.error}
          retrying={steps.isFetching}
          onRetry={() => void steps.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      )}
      <StepFormModal
        workflowId={workflowId}
        dialog={dialog}
        onClose={() => setDialog({ mode: 'closed' })}
      />
    </>
  );
}
