import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { SwapOutlined } from '@ant-design/icons';
import type { DeviceDetail } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useIsSwitchingMode, useSwitchDeviceMode } from '../api/switch-device-mode.ts';
import { isModeSwitching, MODE_SWITCH_WAIT, switchingText } from '../lib/device-mode.ts';

interface ModeControlProps {
  detail: DeviceDetail;
}

/** The Auto/Manual button. It waits while a switch is unconfirmed or the PLC is unreachable. */
export function ModeButton({ detail }: ModeControlProps) {
  const { notification } = useFeedback();
  const mutation = useSwitchDeviceMode(detail.device.device_id);
  const target = detail.requestedManual ? 'Auto' : 'Manual';
  return (
    <Button
      type="primary"
      size="large"
      icon={<SwapOutlined />}
      loading={mutation.isPending}
      disabled={isModeSwitching(detail) || detail.quality === 'offline'}
      onClick={() =>
        mutation.mutate(undefined, {
          onError: (error) =>
            notification.error({ title: 'Error', description: errorMessage(error) }),
        })
      }
    >
      Switch to {target}
    </Button>
  );
}

/** Shown from the click until the PLC confirms the new mode (isSwitched). */
export function ModeSwitchNotice({ detail }: ModeControlProps) {
  const sending = useIsSwitchingMode(detail.device.device_id);
  if (!sending && !isModeSwitching(detail)) return null;
  const text = sending
    ? `Switching to ${detail.requestedManual ? 'Auto' : 'Manual'} mode`
    : switchingText(detail);
  return (
    <Alert
      type="info"
      showIcon
      icon={<Spin size="small" />}
      title={MODE_SWITCH_WAIT}
      description={text}
      role="status"
    />
  );
}
