import { useState } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { ImportOutlined } from '@ant-design/icons';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useImportAlarmTexts } from '../api/import-alarm-texts.ts';
import { DeviceSelect } from './device-select.tsx';
import styles from './import-alarm-texts.module.css';

/** Copies another device's alarm texts over this device's, after a confirmation. */
export function ImportAlarmTexts({ deviceCode }: { deviceCode: string }) {
  const [source, setSource] = useState<string>();
  const { message, notification } = useFeedback();
  const mutation = useImportAlarmTexts();

  const runImport = () => {
    if (!source) return;
    mutation.mutate(
      { from_device_id: source, to_device_id: deviceCode },
      {
        onSuccess: (reply) => {
          void message.success(`${reply.message} from ${source}`);
          setSource(undefined);
        },
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      },
    );
  };

  return (
    <Space.Compact className={styles.root}>
      <DeviceSelect
        value={source}
        onChange={setSource}
        exclude={deviceCode}
        placeholder="Import from device"
        aria-label="Import from device"
        className={styles.select}
      />
      <Popconfirm
        title="Import alarm texts"
        description={`This overwrites all existing alarm texts of ${deviceCode} with those of ${source ?? 'the chosen device'}. Are you sure to continue?`}
        okText="Import"
        okButtonProps={{ danger: true }}
        disabled={!source}
        onConfirm={runImport}
      >
        <Button icon={<ImportOutlined />} disabled={!source} loading={mutation.isPending}>
          Import
        </Button>
      </Popconfirm>
    </Space.Compact>
  );
}
