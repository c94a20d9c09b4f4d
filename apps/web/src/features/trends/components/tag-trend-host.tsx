import { Suspense, useState, type ReactNode } from 'react';
import { ValueTrendContext, type ValueTrendTarget } from '../../../components/value-trend.tsx';
import { lazyPage } from '../../../lib/lazy-page.ts';

// The chart's code loads with the first pop-up, not with the console's frame.
const TagTrendModal = lazyPage(() => import('./tag-trend-modal.tsx').then((m) => m.TagTrendModal));

/** Lets any value below it open its trend pop-up, one at a time. */
export function TagTrendHost({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ValueTrendTarget>();
  return (
    <ValueTrendContext value={setTarget}>
      {children}
      {target ? (
        <Suspense fallback={null}>
          <TagTrendModal key={target.tag} target={target} onClose={() => setTarget(undefined)} />
        </Suspense>
      ) : null}
    </ValueTrendContext>
  );
}
