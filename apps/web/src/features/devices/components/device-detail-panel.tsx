import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import type { DeviceDetail } from '@roastery/contract';
import { NotLiveBanner } from '../../../components/not-live-banner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeviceDetail } from '../api/get-device-detail.ts';
import { manualControlsEnabled, modeLabel } from '../lib/device-mode.ts';
import { useDeviceView, type DeviceView } from '../lib/use-device-view.ts';
import { BinaryCommandControl } from './binary-command-control.tsx';
import { BlockSwitches } from './block-switches.tsx';
import { CommandList } from './command-item.tsx';
import { DeviceBadges } from './device-badges.tsx';
import { DeviceFeatures } from './device-features.tsx';
import { DevicePicture } from '../../../components/device-picture.tsx';
import { tabBarWithExtra } from '../../../components/tab-bar-extra.tsx';
import { InputCommandControl } from './input-command-control.tsx';
import { LiveRoastCurve } from './live-roast-curve.tsx';
import { ModeButton, ModeSwitchNotice } from './mode-control.tsx';
import { OccupancyEditor } from './occupancy-editor.tsx';
import { PlcBinaryFeedback, PlcInputFeedback } from './plc-feedback.tsx';
import styles from './device-detail-panel.module.css';

function ManualCommands({ detail, view }: { detail: DeviceDetail; view: DeviceView }) {
  const code = detail.device.device_id;
  const since = detail.device.not_live_since;
  const enabled = manualControlsEnabled(detail);
  const binary =
    detail.startStopButton && !detail.binary.some((c) => c.id === detail.startStopButton?.id)
      ? [detail.startStopButton, ...detail.binary]
      : detail.binary;
  if (binary.length === 0 && detail.input.length === 0) {
    return <p className={styles.hint}>This device has no manual commands.</p>;
  }
  return (
    <>
      {enabled ? null : (
        <p className={styles.hint}>
          Manual commands are available in Manual mode. Speeds can be changed in Auto mode too.
        </p>
      )}
      <CommandList view={view} label="Manual commands">
        {binary.map((command) => (
          <BinaryCommandControl
            key={`b${command.id}`}
            deviceCode={code}
            command={command}
            since={since}
            enabled={enabled}
          />
        ))}
        {detail.input.map((command) => (
          <InputCommandControl
            key={`i${command.id}`}
            deviceCode={code}
            command={command}
            since={since}
            enabled={enabled}
          />
        ))}
      </CommandList>
    </>
  );
}

function PlcCommands({ detail, view }: { detail: DeviceDetail; view: DeviceView }) {
  if (detail.plcBinary.length === 0 && detail.plcInput.length === 0) {
    return <p className={styles.hint}>This device reports no PLC values.</p>;
  }
  const since = detail.device.not_live_since;
  const code = detail.device.device_id;
  return (
    <CommandList view={view} label="PLC commands">
      {detail.plcBinary.map((command) => (
        <PlcBinaryFeedback
          key={`b${command.id}`}
          deviceCode={code}
          command={command}
          since={since}
        />
      ))}
      {detail.plcInput.map((command) => (
        <PlcInputFeedback
          key={`i${command.id}`}
          deviceCode={code}
          command={command}
          since={since}
        />
      ))}
    </CommandList>
  );
}

function DetailContent({ detail }: { detail: DeviceDetail }) {
  const [view, setView] = useDeviceView();
  const { device } = detail;
  return (
    <div className={styles.panel}>
      <div className={styles.header}>
        <DevicePicture device={device} size={64} />
        <div className={styles.titles}>
          <h2 className={styles.name}>{device.device_name}</h2>
          <p className={styles.meta}>
            {device.device_id} · {device.device_type_name} · {device.stage_name}
          </p>
          <DeviceBadges device={{ ...device, quality: detail.quality }} />
        </div>
        <div className={styles.mode}>
          <span className={styles.modeLabel}>
            Mode: <span className={styles.modeValue}>{modeLabel(detail.manual)}</span>
          </span>
          <ModeButton detail={detail} />
        </div>
      </div>

      {detail.alarm ? (
        <Alert
          type={detail.alarmType === 'warning' ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={<span className={styles.alarmTitle}>{detail.alarm}</span>}
        />
      ) : null}
      <NotLiveBanner
        places={[{ quality: detail.quality, not_live_since: detail.device.not_live_since }]}
      />
      <ModeSwitchNotice detail={detail} />
      {device.device_type_name === 'Roaster' ? <LiveRoastCurve detail={detail} /> : null}

      {detail.graph || detail.blocks.length > 0 ? (
        <div className={styles.sections}>
          {detail.graph ? (
            <Card size="small" title="Occupancy">
              <OccupancyEditor detail={detail} graph={detail.graph} />
            </Card>
          ) : null}
          {detail.blocks.length > 0 ? (
            <Card size="small" title="Blocks">
              <BlockSwitches deviceCode={device.device_id} blocks={detail.blocks} />
            </Card>
          ) : null}
        </div>
      ) : null}

      <Tabs
        defaultActiveKey="info"
        renderTabBar={tabBarWithExtra(
          <Segmented<DeviceView>
            value={view}
            onChange={setView}
            aria-label="View"
            options={[
              { value: 'list', icon: <BarsOutlined />, label: 'List' },
              { value: 'card', icon: <AppstoreOutlined />, label: 'Card' },
            ]}
          />,
        )}
        items={[
          {
            key: 'info',
            label: 'Device Info',
            children: (
              <>
                <Descriptions
                  bordered
                  size="small"
                  column={view === 'card' ? 2 : 1}
                  items={detail.show.map((row) => ({
                    key: row.label,
                    label: row.label,
                    children: row.value,
                  }))}
                />
                <DeviceFeatures features={device.device_features} />
              </>
            ),
          },
          {
            key: 'manual',
            label: 'Manual Commands',
            children: <ManualCommands detail={detail} view={view} />,
          },
          {
            key: 'plc',
            label: 'PLC Commands',
            children: <PlcCommands detail={detail} view={view} />,
          },
        ]}
      />
    </div>
  );
}

interface DeviceDetailPanelProps {
  /** The device's code, such as 'GS1'. */
  code: string;
}

/** Everything about one device: mode, alarm, occupancy, blocks and its commands. */
export function DeviceDetailPanel({ code }: DeviceDetailPanelProps) {
  const detail = useDeviceDetail(code);
  if (detail.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (detail.isError) {
    return (
      <Result
        status="warning"
        title={errorMessage(detail.error)}
        extra={
          <Button onClick={() => void detail.refetch()} loading={detail.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  return <DetailContent detail={detail.data} />;
}
