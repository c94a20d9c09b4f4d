import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import {
  pathMessages,
  roastingPathBody,
  type PathDevice,
  type RoastingPath,
  type RoastingPathBody,
} from '@roastery/contract';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { schemaRule } from '../../../lib/form-rules.ts';
import { usePathForm } from '../api/get-path-form.ts';
import { useSavePath } from '../api/save-path.ts';

export type PathDialog =
  { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; path: RoastingPath };

const options = (devices: PathDevice[]) =>
  devices.map((d) => ({ value: d.device_id, label: `${d.device_name} (${d.device_id})` }));

function toValues(path: RoastingPath): RoastingPathBody {
  return {
    name: path.name,
    start_silos: path.start_silos.map((s) => s.device_id),
    roaster_id: path.roaster.device_id,
    destination_id: path.destination.device_id,
    workflow_id: path.workflow.id,
    enabled: path.enabled,
  };
}

interface PathModalProps {
  dialog: PathDialog;
  onClose: () => void;
}

/**
 * Add or edit a path. The workflow list follows the roaster: a path's workflow must roast on
 * its roaster, so only those are offered once a roaster is chosen.
 */
export function PathModal({ dialog, onClose }: PathModalProps) {
  const open = dialog.mode !== 'closed';
  const [form] = Form.useForm<RoastingPathBody>();
  const choices = usePathForm({ enabled: open });
  const save = useSavePath();
  const { message, notification } = useFeedback();
  const roaster = Form.useWatch('roaster_id', form);

  const submit = (body: RoastingPathBody) =>
    save.mutate(
      { ...(dialog.mode === 'edit' ? { id: dialog.path.id } : {}), body },
      {
        onSuccess: () => {
          void message.success(dialog.mode === 'edit' ? 'Path updated' : 'Path created');
          onClose();
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );

  return (
    <FormModal<RoastingPathBody>
      title={dialog.mode === 'edit' ? `Edit ${dialog.path.name}` : 'Add New Path'}
      open={open}
      form={form}
      okText={dialog.mode === 'edit' ? 'Save' : 'Create'}
      submitting={save.isPending}
      initialValues={dialog.mode === 'edit' ? toValues(dialog.path) : { enabled: true }}
      onSubmit={submit}
      onCancel={onClose}
    >
      <QueryState query={choices}>
        {(data) => (
          <>
            <Form.Item
              label="Name"
              name="name"
              rules={[
                { required: true, whitespace: true, message: pathMessages.name },
                schemaRule(roastingPathBody.shape.name),
              ]}
            >
              <Input autoComplete="off" autoFocus />
            </Form.Item>
            <Form.Item
              label="Start silos"
              name="start_silos"
              rules={[{ required: true, message: pathMessages.startSilos }]}
            >
              <Select
                mode="multiple"
                placeholder="Select the green silos"
                options={options(data.silos)}
                optionFilterProp="label"
                notFoundContent={NO_DATA}
              />
            </Form.Item>
            <Form.Item
              label="Roaster"
              name="roaster_id"
              rules={[{ required: true, message: pathMessages.roaster }]}
            >
              <Select
                placeholder="Select a roaster"
                options={options(data.roasters)}
                onChange={() => form.resetFields(['workflow_id'])}
              />
            </Form.Item>
            <Form.Item
              label="Destination"
              name="destination_id"
              rules={[{ required: true, message: pathMessages.destination }]}
            >
              <Select placeholder="Select a bin" options={options(data.destinations)} />
            </Form.Item>
            <Form.Item
              label="Workflow"
              name="workflow_id"
              rules={[{ required: true, message: pathMessages.workflow }]}
            >
              <Select<number>
                placeholder={roaster ? 'Select a roasting workflow' : 'Choose the roaster first'}
                disabled={!roaster}
                options={data.workflows
                  .filter((w) => w.roaster_id === roaster)
                  .map((w) => ({ value: w.id, label: w.name }))}
                notFoundContent="No roasting workflow roasts on this roaster"
              />
            </Form.Item>
            <Form.Item label="Enabled" name="enabled" valuePropName="checked">
              <Switch checkedChildren="YES" unCheckedChildren="NO" />
            </Form.Item>
          </>
        )}
      </QueryState>
    </FormModal>
  );
}
