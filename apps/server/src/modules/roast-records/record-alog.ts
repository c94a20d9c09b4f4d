import type { AlogForm, TemperatureUnit } from '@roastery/contract';
import { writeAlog, type ArtisanProfile } from '../roast-profiles/artisan-alog.ts';
import { alogDisposition, inUnit } from '../roast-profiles/profile-alog.ts';
import { readRecord } from './read-records.ts';
import type { RoastRecordsContext } from './roast-records-context.ts';

/**
 * A record as an Artisan .alog, in the plant's temperature unit and lbs: BT and ET each second
 * from CHARGE, its events (first crack as FC start), the scale's weights, the green lot's
 * moisture and density and the roasted beans' moisture, written by the roast profiles' writer.
 */
export async function recordAlog(
  ctx: RoastRecordsContext,
  id: number,
  { form, unit }: { form: AlogForm; unit: TemperatureUnit },
): Promise<{ text: string; disposition: string }> {
  const record = await readRecord(ctx, id);
  const event = (e: { t_s: number; bt_f: number } | null) => e && { t_s: e.t_s, bt: e.bt_f };
  const title = [record.roaster, record.order_number, record.batch_seq]
    .filter((part) => part !== null)
    .join(' ');
  const profile: ArtisanProfile = {
    title: `${title} roast ${record.id}`,
    beans: record.product?.name ?? '',
    roastDate: record.charged_at,
    unit: 'F',
    points: record.samples.map((s) => ({ t_s: s.t_s, bt: s.bt_f, et: s.et_f })),
    events: {
      charge: event(record.samples[0] ?? null),
      dryEnd: event(record.events.dry_end),
      fcStart: event(record.events.first_crack),
      fcEnd: null,
      scStart: null,
      scEnd: null,
      drop: event(record.events.drop),
      cool: null,
    },
    weights:
      record.green_lbs === null || record.roasted_lbs === null
        ? null
        : { green: record.green_lbs, roasted: record.roasted_lbs, unit: 'lb' },
    greenMoisturePct: record.green_moisture_pct,
    greenDensityGPerL: record.green_density_g_per_l,
    roastedMoisturePct: record.roasted_moisture_pct,
  };
  return {
    text: writeAlog(inUnit(profile, unit), { form }),
    disposition: alogDisposition(`roast ${record.id}`),
  };
}
