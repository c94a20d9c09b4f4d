import {
  inPlantUnit,
  plantUnitOf,
  type HistorianSeries,
  type TemperatureUnit,
} from '@roastery/contract';

/**
 * The historian's series as the plant reads them: a temperature tag's values (stored in °F) in
 * the plant's unit, with that unit; every other tag as it came.
 */
export function seriesInUnit(data: HistorianSeries, unit: TemperatureUnit): HistorianSeries {
  const shown = (value: number, tagUnit: string) => inPlantUnit(value, tagUnit, unit).value;
  const unitOf = (tagUnit: string) => plantUnitOf(tagUnit, unit);
  if (data.resolution === 'raw') {
    return {
      ...data,
      series: data.series.map((s) => ({
        ...s,
        unit: unitOf(s.unit),
        points: s.points.map((p) => ({
          ...p,
          value: p.value === null ? null : shown(p.value, s.unit),
        })),
      })),
    };
  }
  return {
    ...data,
    series: data.series.map((s) => ({
      ...s,
      unit: unitOf(s.unit),
      buckets: s.buckets.map((b) => ({
        ...b,
        min: shown(b.min, s.unit),
        max: shown(b.max, s.unit),
        avg: shown(b.avg, s.unit),
        last: shown(b.last, s.unit),
      })),
    })),
  };
}
