import { Link } from 'react-router';
import Badge from 'antd/es/badge';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { ClockCircleOutlined, InfoCircleOutlined, RightOutlined } from '@ant-design/icons';
import type { StageTile } from '@roastery/contract';
import { LiveValue } from '../../../components/live-value.tsx';
import { paths } from '../../../config/paths.ts';
import { plantStages } from '../../../config/plant-stages.ts';
import { useLiveness } from '../../../lib/use-liveness.ts';
import styles from './stage-tiles.module.css';

interface StageTilesProps {
  /** The server's tiles; while they load every stage shows without a badge. */
  stages: StageTile[] | undefined;
  waitingDevices: number | undefined;
  onOpenWaiting: () => void;
  onOpenSystem: () => void;
}

interface StageLinkProps {
  name: string;
  index: number;
  tile: StageTile | undefined;
}

/**
 * A stage's tile: Active or Inactive while its devices' values are live; while they are not,
 * nobody knows for certain, and the tile says that instead.
 */
function StageLink({ name, index, tile }: StageLinkProps) {
  const liveness = useLiveness(tile);
  const state = !tile
    ? undefined
    : liveness.live
      ? tile.active
        ? 'Active'
        : 'Inactive'
      : liveness.description;
  return (
    <Link
      to={paths.devices.getHref({ tab: index })}
      className={styles.tile}
      aria-label={state ? `${name} stage, ${state}` : `${name} stage`}
    >
      <span className={styles.index}>{String(index + 1).padStart(2, '0')}</span>
      <span className={styles.body}>
        <span className={styles.name}>{name}</span>
        {!tile ? null : liveness.live ? (
          <Badge
            status={tile.active ? 'processing' : 'default'}
            text={state}
            className={styles.badge}
          />
        ) : (
          <LiveValue
            quality={tile.quality}
            since={tile.not_live_since}
            compact
            className={styles.notLive}
          />
        )}
      </span>
      <RightOutlined className={styles.arrow} />
    </Link>
  );
}

/**
 * The stage tiles (each to its tab of the devices screen, Active while one of its devices
 * runs), the Waiting Devices tile and the system-info tile, which open their drawers.
 */
export function StageTiles({
  stages,
  waitingDevices,
  onOpenWaiting,
  onOpenSystem,
}: StageTilesProps) {
  return (
    <Row gutter={[16, 16]} className={styles.tiles}>
      {plantStages.map((name, index) => (
        <Col key={name} xs={12} md={8} xl={4}>
          <StageLink name={name} index={index} tile={stages?.find((s) => s.stage === index + 1)} />
        </Col>
      ))}
      <Col xs={12} md={8} xl={4}>
        <button type="button" className={styles.tile} onClick={onOpenWaiting}>
          <ClockCircleOutlined className={styles.icon} />
          <span className={styles.body}>
            <span className={styles.name}>Waiting Devices</span>
            <span className={styles.count} data-testid="waiting-devices-count">
              {waitingDevices ?? '—'}
            </span>
          </span>
          <RightOutlined className={styles.arrow} />
        </button>
      </Col>
      <Col xs={12} md={8} xl={4}>
        <button type="button" className={styles.tile} onClick={onOpenSystem}>
          <InfoCircleOutlined className={styles.icon} />
          <span className={styles.body}>
            <span className={styles.name}>System Info</span>
            <span className={styles.hint}>Orders and roasters</span>
          </span>
          <RightOutlined className={styles.arrow} />
        </button>
      </Col>
    </Row>
  );
}
