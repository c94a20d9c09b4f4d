import { useEffect, useRef } from 'react';
import { useNodesInitialized, useReactFlow, type FitViewOptions } from '@xyflow/react';

interface FitViewWhenMeasuredProps {
  /** Each new value fits the diagram again (one diagram replaced by another); 0 fits nothing. */
  request?: number;
  options?: FitViewOptions;
}

/**
 * Fits a React Flow diagram in view once every node has its size, and again whenever `request`
 * changes; rendered inside <ReactFlow>. React Flow's own `fitView` prop fits as soon as the first
 * node is measured: on a slow load that is one node, zoomed in, with the rest off screen.
 */
export function FitViewWhenMeasured({ request = 1, options }: FitViewWhenMeasuredProps) {
  const measured = useNodesInitialized();
  const { fitView } = useReactFlow();
  const fitted = useRef(0);
  useEffect(() => {
    if (!measured || request === 0 || fitted.current === request) return;
    fitted.current = request;
    void fitView(options);
  }, [measured, request, fitView, options]);
  return null;
}
