import { useState } from 'react';
import type { DeviceSummary } from '@roastery/contract';
import { DeviceTypeIcon } from './device-type-icon.tsx';
import styles from './device-picture.module.css';

interface DevicePictureProps {
  device: Pick<DeviceSummary, 'image' | 'device_type_name' | 'device_name'>;
  size: number;
}

/** Only an address the browser can load is tried; a bare file name has nothing behind it. */
function isLoadable(image: string): boolean {
  return /^(https?:|data:image\/|\/)/.test(image);
}

/** The device's own picture, or its type's icon when it has none or it fails to load. */
export function DevicePicture({ device, size }: DevicePictureProps) {
  const [failed, setFailed] = useState(false);
  const showImage = isLoadable(device.image) && !failed;
  return (
    <span className={styles.frame} style={{ width: size, height: size, fontSize: size * 0.5 }}>
      {showImage ? (
        <img
          src={device.image}
          alt={device.device_name}
          className={styles.image}
          onError={() => setFailed(true)}
        />
      ) : (
        <DeviceTypeIcon typeName={device.device_type_name} />
      )}
    </span>
  );
}
