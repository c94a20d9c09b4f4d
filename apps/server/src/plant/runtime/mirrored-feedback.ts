import { sameTagValue, type TagRef } from '@roastery/plc';
import type { PlantCatalog } from '../catalog/plant-catalog.ts';
import type { ValueMirror } from './value-mirror.ts';

/**
 * On a follower, the gateway's rule from the leader's values: the feedback command equals the
 * command's own reading (what the PLC holds of the last write).
 */
export function mirroredIsSame(
  ref: TagRef,
  catalog: PlantCatalog | undefined,
  mirror: ValueMirror,
): boolean {
  const tags = catalog?.definition.tags ?? [];
  const same = (kind: string, id: number) => (t: (typeof tags)[number]) =>
    t.device_id === ref.device_id && t.command_kind === kind && t.command_id === id;
  const feedbackId = tags.find(same(ref.command_kind, ref.command_id))?.feedback_command_id;
  const kinds = ref.command_kind === 'binary' ? ['binary', 'input'] : ['input', 'binary'];
  const feedbackTag =
    feedbackId === undefined
      ? undefined
      : kinds
          .map((kind) => tags.find(same(kind, feedbackId)))
          .find((t) => t && catalog?.command(t.command_kind, t.command_id)?.owner === 'plc');
  if (!feedbackTag) return mirror.isSame(ref);
  const own = mirror.value(ref);
  const feedback = mirror.value(feedbackTag);
  if (own?.quality !== 'good' || feedback?.quality !== 'good') return false;
  if (own.value === null || feedback.value === null) return false;
  return sameTagValue(feedbackTag, feedback.value, own.value);
}
