import Descriptions from 'antd/es/descriptions';
import Popover from 'antd/es/popover';
import type { DeviceFeatureDto } from '@roastery/contract';
import styles from './device-features.module.css';

interface DeviceFeaturesProps {
  features: DeviceFeatureDto[];
}

function FeatureValue({ feature }: { feature: DeviceFeatureDto }) {
  const { popup } = feature;
  if (!popup) return <>{feature.value}</>;
  return (
    <Popover
      trigger="click"
      title={feature.label}
      content={
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'values', label: 'Values', children: popup.values },
            ...(popup.discharge
              ? [{ key: 'discharge', label: 'Discharge', children: popup.discharge }]
              : []),
            ...(popup.speed ? [{ key: 'speed', label: 'Speed', children: popup.speed }] : []),
          ]}
        />
      }
    >
      <button type="button" className={styles.more} onClick={(event) => event.stopPropagation()}>
        {feature.value}
      </button>
    </Popover>
  );
}

/** A device's features (label and value); a feature with more to say opens a popup. */
export function DeviceFeatures({ features }: DeviceFeaturesProps) {
  if (features.length === 0) return null;
  return (
    <dl className={styles.features}>
      {features.map((feature) => (
        <div key={feature.label} className={styles.feature}>
          <dt className={styles.label}>{feature.label}</dt>
          <dd className={styles.value}>
            <FeatureValue feature={feature} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
