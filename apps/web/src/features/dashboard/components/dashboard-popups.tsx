import { useDueAfter } from '../../../lib/use-due-after.ts';
import { useDumpErrors } from '../api/get-dump-errors.ts';
import { useSiloPrompts } from '../api/get-silo-prompts.ts';
import { useWaitingDumps } from '../api/get-waiting-dumps.ts';
import { useLaterDumps } from '../lib/use-later-dumps.ts';
import { DumpErrorPrompt } from './dump-error-prompt.tsx';
import { DumpReminderPrompt } from './dump-reminder-prompt.tsx';
import { EmptySiloPrompt } from './empty-silo-prompt.tsx';
import { SubstituteSiloPrompt } from './substitute-silo-prompt.tsx';

/** The spec shows a waiting dump only 60 s after it is first seen here. */
const REMIND_AFTER_MS = 60_000;

/**
 * The dashboard's prompts, one at a time, most urgent first: a transfer stopped on an empty
 * silo, then a dump whose workflow failed, then a dump request nobody has acted on.
 */
export function DashboardPopups() {
  const siloPrompts = useSiloPrompts();
  const dumpErrors = useDumpErrors();
  const waitingDumps = useWaitingDumps();
  const later = useLaterDumps();
  const waiting = waitingDumps.data ?? [];
  const due = useDueAfter(
    waiting.map((dump) => dump.id),
    REMIND_AFTER_MS,
  );

  const siloPrompt = siloPrompts.data?.[0];
  if (siloPrompt) {
    return siloPrompt.substitutes.length > 0 ? (
      <SubstituteSiloPrompt key={siloPrompt.transfer_id} prompt={siloPrompt} />
    ) : (
      <EmptySiloPrompt key={siloPrompt.transfer_id} prompt={siloPrompt} />
    );
  }
  const dumpError = dumpErrors.data?.[0];
  if (dumpError) return <DumpErrorPrompt key={dumpError.id} dump={dumpError} />;
  const reminder = waiting.find((dump) => due.includes(dump.id) && !later.isPutOff(dump));
  if (reminder) {
    return <DumpReminderPrompt key={reminder.id} dump={reminder} onLater={later.putOff} />;
  }
  return null;
}
