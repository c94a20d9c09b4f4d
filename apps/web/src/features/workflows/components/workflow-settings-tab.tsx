import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { SaveOutlined } from '@ant-design/icons';
import { workflowSettingBody, type Workflow, type WorkflowSettings } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { useUpdateWorkflowSetting } from '../api/update-workflow-setting.ts';

const settingTypes = ['wait_timeout_s', 'manual_timeout_s'] as const;

/** The run's time limits; the endpoint takes one setting per call, so only changed ones go. */
export function WorkflowSettingsTab({ workflow }: { workflow: Workflow }) {
  const [form] = Form.useForm<WorkflowSettings>();
  const update = useUpdateWorkflowSetting(workflow.id);
  const { message, notification } = useFeedback();

  const save = async (values: WorkflowSettings) => {
    const changed = settingTypes.filter((type) => values[type] !== workflow.settings[type]);
    try {
      for (const type of changed) await update.mutateAsync({ type, value: values[type] });
      void message.success('Workflow settings saved');
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    }
  };

  return (
    <Form<WorkflowSettings>
      form={form}
      layout="vertical"
      initialValues={workflow.settings}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        label="Wait timeout (seconds)"
        name="wait_timeout_s"
        extra="How long one wait (the PLC feedback or a wait device) may take before the run fails."
        rules={[
          { required: true, message: 'Please enter the wait timeout' },
          schemaRule(workflowSettingBody.shape.value),
        ]}
      >
        <InputNumber<number> style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="Manual timeout (seconds)"
        name="manual_timeout_s"
        extra="How long a run may stay paused by a device in manual mode before it fails."
        rules={[
          { required: true, message: 'Please enter the manual timeout' },
          schemaRule(workflowSettingBody.shape.value),
        ]}
      >
        <InputNumber<number> style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
        Save Settings
      </Button>
    </Form>
  );
}
