import { useEffect, useRef } from 'react';
import { useReactFlow, useStore, type FitViewOptions, type ReactFlowState } from '@xyflow/react';

interface FitViewWhenMeasuredProps {
  /** Each new value fits the diagram again (one diagram replaced by another); 0 fits nothing. */
  request?: number;
  options?: FitViewOptions;
}

/**
 * Every node has been measured. React Flow's own useNodesInitialized learns of a measurement only
 * when the nodes are next passed in, which a read-only diagram (no onNodesChange) may never do;
 * the internal lookup has each size as soon as it is measured.
 */
const allMeasured = (s: ReactFlowState): boolean =>
  s.nodeLookup.size > 0 &&
  [...s.nodeLookup.values()].every((n) => n.measured.width && n.measured.height);

/**
 * Fits a React Flow diagram in view once every node has its size, and again whenever `request`
 * changes; rendered inside <ReactFlow>. React Flow's own `fitView` prop fits as soon as the first
 * node is measured: on a slow load that is one node, zoomed in, with the rest off screen.
 */
export function FitViewWhenMeasured({ request = 1, options }: FitViewWhenMeasuredProps) {
  const measured = useStore(allMeasured);
  const { fitView } = useReactFlow();
  const fitted = useRef(0);
  useEffect(() => {
    if (!measured || request === 0 || fitted.current === request) return;
    fitted.current = request;
    void fitView(options);
  }, [measured, request, fitView, options]);
  return null;
}
