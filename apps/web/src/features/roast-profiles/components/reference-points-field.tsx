import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  roastProfileLimits,
  roastProfileMessages as M,
  temperatureSymbol,
} from '@roastery/contract';
import { numberRange } from '../../../lib/number-range.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { formatPointTime, parsePointTime } from '../lib/point-time.ts';
import type { PointRow } from '../lib/settings-form.ts';
import { limitInUnit } from '../../../lib/temperature-fields.ts';
import styles from './reference-points-field.module.css';

const MAX_POINT_S = roastProfileLimits.pointTimeS.max;
/** A point added after the last one comes this much later, to be typed over. */
const ADD_STEP_S = 30;

const timeRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const seconds = typeof value === 'string' ? parsePointTime(value) : undefined;
    if (seconds === undefined || seconds > MAX_POINT_S) throw new Error(M.pointTime);
  },
};

/** The contract's rules of the whole curve: two points at least, times rising. */
const curveRule = {
  validator: async (_rule: unknown, rows: PointRow[] | undefined) => {
    if (!rows || rows.length < 2) throw new Error(M.reference);
    const times = rows.map((row) => parsePointTime(row.time));
    const rising = times.every((t, i) => i === 0 || t === undefined || (times[i - 1] ?? -1) < t);
    if (!rising) throw new Error(M.referenceOrder);
  },
};

interface ReferencePointsFieldProps {
  /** Read-only: no adding or removing rows (the form's disabled state covers the inputs). */
  readOnly?: boolean;
}

/**
 * The reference curve as a table of points, time (m:ss since charge) and BT (in the plant's
 * unit), one a row.
 */
export function ReferencePointsField({ readOnly = false }: ReferencePointsFieldProps) {
  const form = Form.useFormInstance();
  const unit = useTemperatureUnit();
  const btLimit = limitInUnit(roastProfileLimits.btF, unit);
  const symbol = temperatureSymbol(unit);
  const nextRow = (): PointRow => {
    const rows = (form.getFieldValue('reference') ?? []) as PointRow[];
    const last = rows.length > 0 ? parsePointTime(rows[rows.length - 1]?.time ?? '') : undefined;
    return { time: formatPointTime(last === undefined ? 0 : last + ADD_STEP_S), bt: null };
  };

  return (
    <Form.List name="reference" rules={[curveRule]}>
      {(fields, { add, remove }, { errors }) => (
        <div className={styles.root}>
          <div
            className={styles.scroller}
            role="group"
            aria-label="Reference points"
            // Read-only, the rows hold nothing to focus; the keyboard still scrolls them.
            tabIndex={0}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Time (m:ss)</th>
                  <th scope="col">BT ({symbol})</th>
                  {readOnly ? null : (
                    <th scope="col">
                      <span className={styles.hidden}>Remove</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {fields.map((field, index) => (
                  <tr key={field.key}>
                    <td className={styles.index}>{index + 1}</td>
                    <td>
                      <Form.Item
                        name={[field.name, 'time']}
                        rules={[{ required: true, message: M.pointTime }, timeRule]}
                        className={styles.cell}
                      >
                        <Input aria-label={`Time ${index + 1}`} inputMode="numeric" />
                      </Form.Item>
                    </td>
                    <td>
                      <Form.Item
                        name={[field.name, 'bt']}
                        rules={[{ required: true, message: btLimit.message }, numberRange(btLimit)]}
                        className={styles.cell}
                      >
                        <InputNumber
                          aria-label={`BT ${index + 1} (${symbol})`}
                          className={styles.number}
                        />
                      </Form.Item>
                    </td>
                    {readOnly ? null : (
                      <td>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={`Remove point ${index + 1}`}
                          onClick={() => remove(field.name)}
                        />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Form.ErrorList errors={errors} />
          {readOnly ? null : (
            <Button icon={<PlusOutlined />} onClick={() => add(nextRow())} className={styles.add}>
              Add point
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
