import { useRef, useState } from 'react';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { DownloadOutlined } from '@ant-design/icons';
import type { EventExportFormat, EventWhere } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { exportEvents, saveFile, type ExportProgress } from '../api/export-events.ts';
import styles from './logs.module.css';

const labels: Record<EventExportFormat, string> = { csv: 'Export CSV', xls: 'Export XLS' };

function progressText(p: ExportProgress): string {
  const size = `${(p.bytes / 1_048_576).toFixed(1)} MB`;
  return p.rows === null
    ? `${p.totalRows.toLocaleString()} rows, ${size} received`
    : `${p.rows.toLocaleString()} of ${p.totalRows.toLocaleString()} rows`;
}

/** Exports exactly the filtered events, with the download's progress beside the buttons. */
export function ExportEvents({ where }: { where: EventWhere }) {
  const [running, setRunning] = useState<EventExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { message, notification } = useFeedback();

  const start = async (format: EventExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(format);
    setProgress(null);
    try {
      const file = await exportEvents(where, format, setProgress, controller.signal);
      saveFile(file);
      void message.success(`${file.totalRows.toLocaleString()} events exported`);
    } catch (error) {
      if (!controller.signal.aborted) {
        notification.error({ title: 'Export failed', description: errorMessage(error) });
      }
    } finally {
      setRunning(null);
      abort.current = null;
    }
  };

  const percent =
    progress && progress.rows !== null && progress.totalRows > 0
      ? Math.min(100, Math.floor((progress.rows / progress.totalRows) * 100))
      : undefined;

  return (
    <Space wrap>
      {(['csv', 'xls'] as const).map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined />}
          loading={running === format}
          disabled={running !== null && running !== format}
          onClick={() => void start(format)}
        >
          {labels[format]}
        </Button>
      ))}
      {running ? (
        <div className={styles.progress} role="status" aria-live="polite">
          <Progress
            size="small"
            percent={percent ?? 100}
            status="active"
            showInfo={percent !== undefined}
          />
          <Typography.Text type="secondary">
            {progress ? progressText(progress) : 'Counting events…'}
          </Typography.Text>
          <Button size="small" type="link" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Space>
  );
}
