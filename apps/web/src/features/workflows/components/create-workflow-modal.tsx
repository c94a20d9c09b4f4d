import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import {
  createWorkflowBody,
  workflowTypes,
  type Workflow,
  type WorkflowType,
} from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useCreateWorkflow } from '../api/create-workflow.ts';
import { workflowTypeLabels } from '../lib/workflow-types.ts';

interface CreateWorkflowValues {
  name: string;
  type: WorkflowType;
}

interface CreateWorkflowModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (workflow: Workflow) => void;
}

export function CreateWorkflowModal({ open, onClose, onCreated }: CreateWorkflowModalProps) {
  const [form] = Form.useForm<CreateWorkflowValues>();
  const creation = useCreateWorkflow();
  const { message, notification } = useFeedback();

  const submit = (values: CreateWorkflowValues) =>
    creation.mutate(values, {
      onSuccess: (workflow) => {
        void message.success(`Workflow ${workflow.name} created`);
        onCreated(workflow);
      },
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <FormModal<CreateWorkflowValues>
      title="Add Workflow"
      open={open}
      form={form}
      okText="Create"
      submitting={creation.isPending}
      onCancel={onClose}
      onSubmit={submit}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a workflow name' },
          schemaRule(createWorkflowBody.shape.name),
        ]}
      >
        <Input autoFocus maxLength={120} />
      </Form.Item>
      <Form.Item
        label="Type"
        name="type"
        rules={[{ required: true, message: 'Please select a workflow type' }]}
      >
        <Select<WorkflowType>
          options={workflowTypes.map((type) => ({ value: type, label: workflowTypeLabels[type] }))}
        />
      </Form.Item>
    </FormModal>
  );
}
