import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import type { AlogForm } from '@roastery/contract';

const forms: { key: AlogForm; label: string }[] = [
  { key: 'json', label: 'JSON form' },
  { key: 'python', label: 'Python form (as Artisan saves it)' },
];

interface AlogDownloadButtonProps {
  /** A download is under way. */
  pending: boolean;
  onPick: (form: AlogForm) => void;
}

/** "Download .alog": a menu of the two forms Artisan reads, JSON and its Python literal. */
export function AlogDownloadButton({ pending, onPick }: AlogDownloadButtonProps) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: forms,
        onClick: ({ key }) => onPick(key === 'python' ? 'python' : 'json'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={pending}>
        Download .alog <DownOutlined />
      </Button>
    </Dropdown>
  );
}
