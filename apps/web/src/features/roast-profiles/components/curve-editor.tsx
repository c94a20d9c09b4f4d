import { useMemo } from 'react';
import Form from 'antd/es/form';
import { temperatureSymbol, toUnit, type ReferencePoint } from '@roastery/contract';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { readablePoints, type SettingsValues } from '../lib/settings-form.ts';
import { ReferenceCurveChart } from './reference-curve-chart.tsx';
import { ReferencePointsField } from './reference-points-field.tsx';
import styles from './curve-editor.module.css';

interface CurveEditorProps {
  /** The edited curve's name in the legend. */
  name: string;
  /** Another version's curve, as stored (°F). */
  overlay?: { name: string; points: ReferencePoint[] } | undefined;
  readOnly?: boolean;
}

/**
 * The reference curve of the form around it, as a chart and as its table of points, in the
 * plant's unit: dragging a point on the chart changes its row, and typing in a row moves the
 * point.
 */
export function CurveEditor({ name, overlay, readOnly = false }: CurveEditorProps) {
  const form = Form.useFormInstance<SettingsValues>();
  const rows = Form.useWatch('reference', form);
  const points = useMemo(() => readablePoints(rows), [rows]);
  const phone = usePhoneWidth();
  const unit = useTemperatureUnit();
  const shownOverlay = useMemo(
    () =>
      overlay && {
        name: overlay.name,
        points: overlay.points.map((p) => ({ t_s: p.t_s, bt: toUnit(p.bt_f, unit) })),
      },
    [overlay, unit],
  );

  const dragPoint = (row: number, bt: number) => {
    form.setFieldValue(['reference', row, 'bt'], bt);
    // Dragged out of the contract's range, the row says so at once; the promise's refusal is
    // that message, already shown.
    form.validateFields([['reference', row, 'bt']]).catch(() => undefined);
  };

  return (
    <div className={styles.split}>
      <ReferenceCurveChart
        points={points}
        name={name}
        overlay={shownOverlay}
        onDragPoint={readOnly ? undefined : dragPoint}
        unit={unit}
        label={`Reference curve: bean temperature in ${temperatureSymbol(unit)} against time since charge, ${points.length} points`}
        height={phone ? 280 : 400}
      />
      <ReferencePointsField readOnly={readOnly} />
    </div>
  );
}
