import { createContext, useContext } from 'react';
import Button from 'antd/es/button';
import { LineChartOutlined } from '@ant-design/icons';

/** A value's historian tag (`R1/input/5`) and what people call it. */
export interface ValueTrendTarget {
  tag: string;
  label: string;
}

/**
 * Opens the trend pop-up of a value. The console's frame provides it; a screen drawn without it
 * (a test of one component) shows no trend buttons.
 */
export const ValueTrendContext = createContext<((target: ValueTrendTarget) => void) | undefined>(
  undefined,
);

/** A small chart button beside a value: its last hour in a pop-up. */
export function ValueTrendButton({ tag, label }: ValueTrendTarget) {
  const open = useContext(ValueTrendContext);
  if (!open) return null;
  return (
    <Button
      type="text"
      size="small"
      icon={<LineChartOutlined />}
      aria-label={`Trend of ${label}`}
      title={`Trend of ${label}`}
      onClick={() => open({ tag, label })}
    />
  );
}
