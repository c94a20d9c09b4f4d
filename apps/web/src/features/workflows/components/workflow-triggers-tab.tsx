import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { triggerWhen, type TriggerWhen } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAddTrigger } from '../api/add-trigger.ts';
import { useDeleteTrigger } from '../api/delete-trigger.ts';
import { useTriggers, type TriggerEntry } from '../api/get-triggers.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { triggerWhenLabels } from '../lib/trigger-labels.ts';
import styles from './configuration-tabs.module.css';

interface AddTriggerValues {
  when: TriggerWhen;
  parent_id?: number;
}

const allWorkflows = { type: 'all', search: '' } as const;

/** What starts this workflow: its parent finishing, or a plant event. */
export function WorkflowTriggersTab({ workflowId }: { workflowId: number }) {
  const [form] = Form.useForm<AddTriggerValues>();
  const when = Form.useWatch('when', form) ?? 'parent_finished';
  const triggers = useTriggers(workflowId);
  const workflows = useWorkflows(allWorkflows);
  const adding = useAddTrigger(workflowId);
  const deleting = useDeleteTrigger(workflowId);
  const { message, notification } = useFeedback();
  const onError = (error: unknown) =>
    notification.error({ title: 'Error', description: errorMessage(error) });

  const add = (values: AddTriggerValues) =>
    adding.mutate(
      {
        workflow_id: workflowId,
        when: values.when,
        parent_id: values.when === 'parent_finished' ? (values.parent_id ?? null) : null,
      },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success('Trigger added');
        },
        onError,
      },
    );

  return (
    <>
      <Form<AddTriggerValues>
        form={form}
        layout="inline"
        initialValues={{ when: 'parent_finished' }}
        onFinish={add}
        className={styles.inlineForm}
      >
        <Form.Item name="when" label="Start when">
          <Select<TriggerWhen>
            className={styles.select}
            options={triggerWhen.options.map((value) => ({
              value,
              label: triggerWhenLabels[value],
            }))}
          />
        </Form.Item>
        {when === 'parent_finished' ? (
          <Form.Item
            name="parent_id"
            label="Parent workflow"
            rules={[{ required: true, message: 'Please select a workflow' }]}
          >
            <Select<number>
              className={styles.select}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="The workflow that finishes first"
              options={workflows.data
                ?.filter((workflow) => workflow.id !== workflowId)
                .map((workflow) => ({ value: workflow.id, label: workflow.name }))}
            />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={adding.isPending}>
          Add Trigger
        </Button>
      </Form>
      {triggers.data ? (
        <Table<TriggerEntry>
          rowKey="id"
          size="middle"
          dataSource={triggers.data}
          pagination={false}
          columns={[
            {
              title: 'Starts when',
              dataIndex: 'when',
              render: (value: TriggerWhen) => triggerWhenLabels[value],
            },
            {
              title: 'Parent workflow',
              key: 'parent',
              render: (_value, trigger) => trigger.parent?.name ?? '—',
            },
            {
              title: 'Actions',
              key: 'actions',
              align: 'right',
              render: (_value, trigger) => (
                <Popconfirm
                  title="Delete trigger"
                  description="Are you sure you want to delete this trigger?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    deleting.mutate(trigger.id, {
                      onSuccess: () => void message.success('Trigger deleted'),
                      onError,
                    })
                  }
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={deleting.isPending && deleting.variables === trigger.id}
                    aria-label={`Delete trigger: ${triggerWhenLabels[trigger.when]}`}
                  >
                    Delete
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
          locale={{
            emptyText: (
              <EmptyState
                title="No triggers"
                description="Without a trigger this workflow starts only from the console."
              />
            ),
          }}
        />
      ) : triggers.isError ? (
        <LoadError
          error={triggers.error}
          retrying={triggers.isFetching}
          onRetry={() => void triggers.refetch()}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      )}
    </>
  );
}
