import { useState } from 'react';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { errorMessage } from '../lib/error-message.ts';
import { downloadText } from '../lib/download.ts';
import { downloadWorkbook, safeFileName, type ReportTable } from '../lib/report-workbook.ts';
import { useFeedback } from './feedback.tsx';

interface ExportButtonsProps {
  /** The file name without its extension. */
  fileName: string;
  /** The CSV text of exactly what is shown. */
  csv: () => string;
  /** The same tables for the workbook, one sheet each. */
  tables: () => readonly ReportTable[];
  disabled?: boolean;
  /** What the buttons export, when a page has more than one pair: 'recall' gives 'Export recall CSV'. */
  subject?: string;
}

/** A report's exports: CSV made in the browser, the workbook written by the server. */
export function ExportButtons({ fileName, csv, tables, disabled, subject }: ExportButtonsProps) {
  const [saving, setSaving] = useState(false);
  const { notification } = useFeedback();
  const label = (format: string) => `Export ${subject ? `${subject} ` : ''}${format}`;
  const saveWorkbook = async () => {
    setSaving(true);
    try {
      await downloadWorkbook(fileName, tables());
    } catch (error) {
      notification.error({ title: 'Export failed', description: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space wrap>
      <Button
        disabled={disabled}
        onClick={() => downloadText(`${safeFileName(fileName)}.csv`, csv())}
      >
        {label('CSV')}
      </Button>
      <Button disabled={disabled} loading={saving} onClick={() => void saveWorkbook()}>
        {label('XLSX')}
      </Button>
    </Space>
  );
}
