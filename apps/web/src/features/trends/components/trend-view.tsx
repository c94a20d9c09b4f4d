import type { UseQueryResult } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatClockTime } from '../../../lib/format-date.ts';
import { LIVE_REFRESH_MS, type TrendData } from '../api/get-trend-series.ts';
import { resolutionText } from '../lib/resolution-text.ts';
import { hasValues } from '../lib/trend-summary.ts';
import type { ZoomWindow } from '../lib/trend-range.ts';
import { TrendChart } from './trend-chart.tsx';
import styles from './trend-view.module.css';

interface TrendViewProps {
  query: UseQueryResult<TrendData>;
  zoom: ZoomWindow;
  /** Changes when the range does: the chart then shows the new range whole. */
  rangeKey: string;
  live: boolean;
  onZoom?: (zoom: ZoomWindow) => void;
  height: number;
}

/**
 * The trend of the tags picked, with what it shows in words: the times on screen, how finely
 * (every change or per-minute bands), and whether it follows the clock. Loading, failing and
 * empty each say so; a failed refresh keeps the chart and says what went wrong above it.
 */
export function TrendView({ query, zoom, rangeKey, live, onZoom, height }: TrendViewProps) {
  const { data } = query;
  if (!data) {
    if (query.isError) {
      return (
        <LoadError
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      );
    }
    return (
      <div className={styles.loading} style={{ height }}>
        <Spin description="Loading the trend" />
      </div>
    );
  }
  const zoomed = zoom.start > 0 || zoom.end < 100;
  const empty = !hasValues(data.series);
  return (
    <div className={styles.root}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The trend could not be refreshed"
          description={errorMessage(query.error)}
        />
      ) : null}
      <div className={styles.facts}>
        <Typography.Text>
          Resolution: <Typography.Text strong>{resolutionText(data.series)}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary">
          {formatClockTime(new Date(data.shown.from))} to {formatClockTime(new Date(data.shown.to))}
        </Typography.Text>
        {live ? <Tag color="green">Live, every {LIVE_REFRESH_MS / 1000} s</Tag> : null}
        {query.isFetching ? (
          // A live trend refreshes every few seconds: shown, but not read out each time.
          <span aria-hidden="true">
            <Spin size="small" />
          </span>
        ) : null}
      </div>
      {empty && !zoomed ? (
        <EmptyState description="No values were recorded for these tags in this range. Pick a longer range or other tags." />
      ) : (
        <>
          {empty ? (
            <Typography.Text type="secondary">
              No values were recorded in the part shown.
            </Typography.Text>
          ) : null}
          <TrendChart
            key={rangeKey}
            series={data.series}
            range={data.range}
            now={data.now}
            initialZoom={zoom}
            onZoom={onZoom}
            label={`Trend of ${data.series.series.map((s) => `${s.device_id} ${s.label}`).join(', ')}`}
            height={height}
          />
        </>
      )}
    </div>
  );
}
