import type { TagValue } from '@roastery/plc';
import type { MirroredLink } from './value-mirror.ts';

/**
 * Since when those of `values` that are not live stopped being live, as an ISO time: when the
 * link was lost while it is down (values were live until then, however long ago they last
 * changed), else the oldest last good read among them. Null while all are live, or when none
 * ever was.
 */
export function notLiveSinceOf(
  values: readonly (TagValue | undefined)[],
  link: MirroredLink,
): string | null {
  const notLive = values.filter((v) => v?.quality !== 'good');
  if (notLive.length === 0) return null;
  const reads = notLive.flatMap((v) => (v?.updatedAt == null ? [] : [v.updatedAt]));
  const since =
    link.state !== 'connected' && link.since !== null
      ? link.since
      : reads.length > 0
        ? Math.min(...reads)
        : null;
  return since === null ? null : new Date(since).toISOString();
}
