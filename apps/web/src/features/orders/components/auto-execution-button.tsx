import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { orderMessages, SettingRef } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetting } from '../../../lib/get-setting.ts';
import { useUpdateAutoExecution } from '../api/update-auto-execution.ts';
import styles from './orders.module.css';

/**
 * START or STOP automatic order processing. Shown only when the order mode (r-order) is auto;
 * reads STOP while r-is-auto is 'start'. Each way asks for the spec's confirmation first.
 */
export function AutoExecutionButton() {
  const mode = useSetting(SettingRef.OrderMode);
  const running = useSetting(SettingRef.AutoExecution);
  const update = useUpdateAutoExecution();
  const [modal, contextHolder] = Modal.useModal();
  const { notification } = useFeedback();

  if (mode.data?.value !== 'auto') return null;
  const isRunning = running.data?.value === 'start';

  const confirm = () =>
    void modal.confirm({
      title: isRunning ? 'Stop automatic order processing' : 'Start automatic order processing',
      content: isRunning ? orderMessages.autoStop : orderMessages.autoStart,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        update.mutateAsync(isRunning ? 'stop' : 'start').catch((error: unknown) => {
          notification.error({ title: 'Error', description: errorMessage(error) });
        }),
    });

  return (
    <>
      {contextHolder}
      <Button
        className={styles.button}
        type="primary"
        danger={isRunning}
        icon={isRunning ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
        loading={update.isPending || running.isPending}
        onClick={confirm}
      >
        {isRunning ? 'STOP' : 'START'}
      </Button>
    </>
  );
}
