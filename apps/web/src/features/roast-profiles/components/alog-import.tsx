import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Upload from 'antd/es/upload';
import { UploadOutlined } from '@ant-design/icons';
import type { AlogPreview } from '@roastery/contract';
import { errorMessage } from '../../../lib/error-message.ts';
import { usePreviewAlog } from '../api/preview-alog.ts';
import styles from './alog-import.module.css';

interface AlogImportProps {
  onImported: (preview: AlogPreview, fileName: string) => void;
}

/**
 * Reads an Artisan .alog in the browser and has the server turn it into a curve in °F; nothing
 * is saved until the form is. A file the server cannot read shows its reason.
 */
export function AlogImport({ onImported }: AlogImportProps) {
  const preview = usePreviewAlog();
  const [read, setRead] = useState<string>();

  const importFile = async (file: File) => {
    setRead(undefined);
    const text = await file.text();
    preview.mutate(
      { file_name: file.name, text },
      {
        onSuccess: (result) => {
          setRead(`Read ${result.reference.length} points from ${file.name}.`);
          onImported(result, file.name);
        },
      },
    );
  };

  return (
    <div className={styles.root}>
      <Upload
        accept=".alog"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void importFile(file);
          // The file is read here and sent as text; antd must not upload it itself.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={preview.isPending}>
          Import Artisan profile (.alog)
        </Button>
      </Upload>
      {preview.isError ? (
        <Alert type="error" showIcon title={errorMessage(preview.error)} />
      ) : read ? (
        <Alert type="success" showIcon title={read} />
      ) : null}
    </div>
  );
}
