import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import { DownloadOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { useDownloadTrendCsv } from '../api/download-trend-csv.ts';
import { useTrendSeries } from '../api/get-trend-series.ts';
import { RangeControls } from '../components/range-controls.tsx';
import { TagPicker } from '../components/tag-picker.tsx';
import { TrendView } from '../components/trend-view.tsx';
import {
  WHOLE_RANGE,
  isLive,
  rangeKeyOf,
  selectionFromSearch,
  selectionToSearch,
  type TrendSelection,
  type ZoomWindow,
} from '../lib/trend-range.ts';
import styles from './trends-page.module.css';

/**
 * The trend screen: tags picked over a range, zoomed and panned on the chart, exported as CSV.
 * The tags and the range live in the address, so a trend can be shared and opened again; the
 * zoom is the screen's own and starts over with each range.
 */
export function TrendsPage() {
  const phone = usePhoneWidth();
  const { notification } = useFeedback();
  const [params, setParams] = useSearchParams();
  const selection = selectionFromSearch(params);
  const rangeKey = rangeKeyOf(selection.range);
  const [zoomOf, setZoomOf] = useState<{ rangeKey: string; zoom: ZoomWindow }>();
  const [resets, setResets] = useState(0);
  const zoom = zoomOf?.rangeKey === rangeKey ? zoomOf.zoom : WHOLE_RANGE;
  const query = useTrendSeries({ tags: selection.tags, range: selection.range, zoom });
  const download = useDownloadTrendCsv();
  const zoomed = zoom.start > 0 || zoom.end < 100;

  const select = (next: Partial<TrendSelection>) =>
    setParams(selectionToSearch({ ...selection, ...next }), { replace: true });
  const resetZoom = () => {
    setZoomOf(undefined);
    setResets((n) => n + 1);
  };
  const exportCsv = () => {
    if (!query.data) return;
    download.mutate(
      { tags: selection.tags, shown: query.data.shown },
      {
        onError: (error) =>
          notification.error({ title: 'Export failed', description: errorMessage(error) }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Trends"
        subtitle="Any tag of the plant over time, from the process historian."
        actions={
          <Button
            icon={<DownloadOutlined />}
            disabled={selection.tags.length === 0 || !query.data}
            loading={download.isPending}
            onClick={exportCsv}
          >
            Export CSV
          </Button>
        }
      />
      {/* A phone's chart takes the card's whole width. */}
      <Card styles={phone ? { body: { padding: 12 } } : undefined}>
        <div className={styles.controls}>
          <TagPicker value={selection.tags} onChange={(tags) => select({ tags })} />
          <RangeControls
            range={selection.range}
            onChange={(range) => select({ range })}
            onResetZoom={zoomed ? resetZoom : undefined}
          />
        </div>
        {selection.tags.length === 0 ? (
          <EmptyState
            title="No tags picked"
            description="Pick one or more tags to draw their trend"
          />
        ) : (
          <TrendView
            // A reset zoom draws the chart anew, at the whole range.
            key={resets}
            query={query}
            zoom={zoom}
            rangeKey={rangeKey}
            live={isLive(selection.range, zoom)}
            onZoom={(next) => setZoomOf({ rangeKey, zoom: next })}
            height={phone ? 340 : 480}
          />
        )}
      </Card>
    </>
  );
}
