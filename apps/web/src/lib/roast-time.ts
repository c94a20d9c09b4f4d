/** Seconds since charge as a roaster reads them: 0:00, 7:45, 12:05. */
export function formatRoastTime(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** Steps of a roast's time axis a roaster reads at a glance: whole minutes, then 2, 3, 5, 10. */
const MINUTE_STEPS = [60, 120, 180, 300, 600] as const;

/** The time axis's step: at most one label per 90 px of chart, on whole minutes. */
export function roastTimeStep(spanS: number, widthPx: number): number {
  const labels = Math.max(2, Math.floor(widthPx / 90));
  return MINUTE_STEPS.find((step) => spanS / step <= labels) ?? 600;
}
