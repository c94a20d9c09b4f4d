import { worstLiveness, type PlaceLiveness } from '@roastery/contract';
import { formatClockTime } from './format-date.ts';
import type { LiveStatus } from './live-status.ts';

/** A place on a screen that shows PLC values, as the server describes it. */
export type ValuePlace = PlaceLiveness;

export type Liveness =
  | { live: true }
  | {
      live: false;
      /** What the place says instead of a live value. */
      label: 'PLC offline' | 'No PLC data' | 'Stale';
      since: string | null;
      /** 'Not live since 14:05:09'; null when nobody knows since when. */
      sinceText: string | null;
      /** All of it in one sentence, for a tooltip or a screen reader. */
      description: string;
    };

/**
 * Whether the values of a place are live. The stream's word that the PLC link is down counts at
 * once, before the place's own data is refreshed; a place the server marks stale or offline is
 * not live whatever the link. Without a place, only the link counts.
 */
export function livenessOf(
  place: ValuePlace | undefined,
  link: Pick<LiveStatus, 'plc' | 'plcNotLiveSince'>,
  now: Date = new Date(),
): Liveness {
  const linkDown = link.plc === 'down';
  const quality = place?.quality ?? 'good';
  if (!linkDown && quality === 'good') return { live: true };
  const label = linkDown ? 'PLC offline' : quality === 'offline' ? 'No PLC data' : 'Stale';
  const since = place?.not_live_since ?? (linkDown ? link.plcNotLiveSince : null);
  const time = since ? ` since ${formatClockTime(since, now)}` : '';
  return {
    live: false,
    label,
    since,
    sinceText: time ? `Not live${time}` : null,
    description: `${label}: not live${time}`,
  };
}

/**
 * The places of a screen as one: not live when any is, labelled after the worst, since the
 * earliest. Used for a banner over a screen, and for a card that stands for several values.
 */
export const worstPlace: (places: readonly ValuePlace[]) => ValuePlace = worstLiveness;
