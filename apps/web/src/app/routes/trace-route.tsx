import { HoldForwardButton } from '../../features/quality/components/hold-forward-button.tsx';
import { TracePage } from '../../features/trace/pages/trace-page.tsx';

/** The trace screen, whose traced lot can be held with everything made from it (quality). */
export function TraceRoute() {
  return <TracePage lotAction={(lot) => <HoldForwardButton lotNumber={lot} />} />;
}
