import Button from 'antd/es/button';

interface DeviceButtonProps {
  deviceCode: string | null;
  onOpenDevice: (deviceCode: string) => void;
}

/** The device a notification is about, opening its details; 'Plant' when it is about none. */
export function DeviceButton({ deviceCode, onOpenDevice }: DeviceButtonProps) {
  if (!deviceCode) return <>Plant</>;
  return (
    <Button
      type="link"
      size="small"
      onClick={() => onOpenDevice(deviceCode)}
      aria-label={`Device details of ${deviceCode}`}
    >
      {deviceCode}
    </Button>
  );
}
