import { useMemo } from 'react';
import Form from 'antd/es/form';
import type { ReferencePoint } from '@roastery/contract';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { readablePoints, type SettingsValues } from '../lib/settings-form.ts';
import { ReferenceCurveChart } from './reference-curve-chart.tsx';
import { ReferencePointsField } from './reference-points-field.tsx';
import styles from './curve-editor.module.css';

interface CurveEditorProps {
  /** The edited curve's name in the legend. */
  name: string;
  overlay?: { name: string; points: ReferencePoint[] } | undefined;
  readOnly?: boolean;
}

/**
 * The reference curve of the form around it, as a chart and as its table of points: dragging a
 * point on the chart changes its row, and typing in a row moves the point.
 */
export function CurveEditor({ name, overlay, readOnly = false }: CurveEditorProps) {
  const form = Form.useFormInstance<SettingsValues>();
  const rows = Form.useWatch('reference', form);
  const points = useMemo(() => readablePoints(rows), [rows]);
  const phone = usePhoneWidth();

  const dragPoint = (row: number, bt_f: number) => {
    form.setFieldValue(['reference', row, 'bt_f'], bt_f);
    // Dragged out of the contract's range, the row says so at once; the promise's refusal is
    // that message, already shown.
    form.validateFields([['reference', row, 'bt_f']]).catch(() => undefined);
  };

  return (
    <div className={styles.split}>
      <ReferenceCurveChart
        points={points}
        name={name}
        overlay={overlay}
        onDragPoint={readOnly ? undefined : dragPoint}
        label={`Reference curve: bean temperature in °F against time since charge, ${points.length} points`}
        height={phone ? 280 : 400}
      />
      <ReferencePointsField readOnly={readOnly} />
    </div>
  );
}
