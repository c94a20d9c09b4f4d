import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { SaveOutlined } from '@ant-design/icons';
import { AT_LEAST_ONE_COMMAND, type CommandKind, type CommandOwner } from '@roastery/contract';
import { NO_DATA } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import type { TypeCommands } from '../api/get-type-commands.ts';
import { useSaveTypeCommands } from '../api/save-type-commands.ts';
import styles from './type-commands-form.module.css';

const SAVED = 'Command Executed Successfully';
const FAILED = 'Command Executed Failed';

export interface CommandOption {
  id: number;
  label: string;
  owner: CommandOwner;
}

interface TypeCommandsFormProps {
  typeId: number;
  kind: CommandKind;
  /** Every command of this kind; the app select offers the app ones, the plc select the rest. */
  commands: CommandOption[];
  initial: TypeCommands;
}

function optionsOf(commands: CommandOption[], owner: CommandOwner) {
  return commands
    .filter((command) => command.owner === owner)
    .map((command) => ({ value: command.id, label: `${command.label} (${command.id})` }));
}

/** The app and plc commands of one kind that a device type offers. */
export function TypeCommandsForm({ typeId, kind, commands, initial }: TypeCommandsFormProps) {
  const [form] = Form.useForm<TypeCommands>();
  const { message, notification } = useFeedback();
  const mutation = useSaveTypeCommands();

  const save = (values: TypeCommands) =>
    mutation.mutate(
      { typeId, kind, app: values.app, plc: values.plc },
      {
        onSuccess: () => void message.success(SAVED),
        onError: (error) => notification.error({ title: FAILED, description: errorMessage(error) }),
      },
    );

  return (
    <Form<TypeCommands>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={save}
      className={styles.root}
    >
      <Form.Item
        label="App Commands"
        name="app"
        extra="Commands the console writes to the PLC."
        dependencies={['plc']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, app: number[] | undefined) => {
              const plc: number[] | undefined = getFieldValue('plc');
              if ((app?.length ?? 0) + (plc?.length ?? 0) === 0) {
                throw new Error(AT_LEAST_ONE_COMMAND);
              }
            },
          }),
        ]}
      >
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder="Select app commands"
          optionFilterProp="label"
          notFoundContent={NO_DATA}
          options={optionsOf(commands, 'app')}
        />
      </Form.Item>
      <Form.Item label="PLC Commands" name="plc" extra="Feedback and readings the PLC reports.">
        <Select<number[]>
          mode="multiple"
          allowClear
          placeholder="Select plc commands"
          optionFilterProp="label"
          notFoundContent={NO_DATA}
          options={optionsOf(commands, 'plc')}
        />
      </Form.Item>
      <div className={styles.actions}>
        <Button onClick={() => form.resetFields()}>Reset</Button>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={mutation.isPending}
        >
          Save
        </Button>
      </div>
    </Form>
  );
}
