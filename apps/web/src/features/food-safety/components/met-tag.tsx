import Tag from 'antd/es/tag';

/** Met or missed at a glance; a value with no limit set is only shown. */
export function MetTag({ met }: { met: boolean | null }) {
  if (met === null) return <Tag>No limit</Tag>;
  return met ? <Tag color="success">Met</Tag> : <Tag color="error">Missed</Tag>;
}
