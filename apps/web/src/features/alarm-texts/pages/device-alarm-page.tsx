import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { ArrowLeftOutlined, NotificationOutlined, PlusOutlined } from '@ant-design/icons';
import type { AlarmText } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { useAlarmTexts } from '../api/get-alarm-texts.ts';
import { useDeleteAlarmText } from '../api/delete-alarm-text.ts';
import { AlarmTextModal, type AlarmTextDialog } from '../components/alarm-text-modal.tsx';
import { AlarmTextsTable } from '../components/alarm-texts-table.tsx';
import { ImportAlarmTexts } from '../components/import-alarm-texts.tsx';
import styles from './alarm-pages.module.css';

/** Configure Alarm Text: what the console shows for each alarm code the device reports. */
export function DeviceAlarmPage() {
  const { deviceId = '' } = useParams();
  const navigate = useNavigate();
  const texts = useAlarmTexts(deviceId);
  const device = useDeviceList().data?.find((d) => d.device_id === deviceId);
  const deletion = useDeleteAlarmText();
  const { message, notification } = useFeedback();
  const [dialog, setDialog] = useState<AlarmTextDialog>({ mode: 'closed' });

  const remove = (text: AlarmText) =>
    deletion.mutate(text.id, {
      onSuccess: () => void message.success(`Alarm ID ${text.index} deleted`),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <Link to={paths.admin.devices.getHref()} className={styles.back}>
        <ArrowLeftOutlined /> Back to devices
      </Link>
      <PageHeader
        title="Configure Alarm Text"
        subtitle={device ? `${device.device_id} · ${device.device_name}` : deviceId}
        actions={
          <>
            <Button
              icon={<NotificationOutlined />}
              onClick={() => void navigate(paths.admin.deviceAlarmMessage.getHref(deviceId))}
            >
              Send Alarm Message
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ mode: 'add' })}
            >
              Add Alarm Text
            </Button>
          </>
        }
      />
      <Card
        title="Alarm texts"
        extra={<ImportAlarmTexts deviceCode={deviceId} />}
        classNames={{ extra: styles.cardExtra }}
      >
        {texts.isError ? (
          <LoadError
            error={texts.error}
            retrying={texts.isFetching}
            onRetry={() => void texts.refetch()}
          />
        ) : texts.data ? (
          <AlarmTextsTable
            texts={texts.data}
            deletingId={deletion.isPending ? deletion.variables : undefined}
            onEdit={(text) => setDialog({ mode: 'edit', text })}
            onDelete={remove}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        )}
      </Card>
      <AlarmTextModal
        deviceCode={deviceId}
        dialog={dialog}
        onClose={() => setDialog({ mode: 'closed' })}
      />
    </>
  );
}
