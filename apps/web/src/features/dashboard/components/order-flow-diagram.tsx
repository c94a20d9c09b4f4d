import { useMemo } from 'react';
import { Background, ReactFlow, ReactFlowProvider, type Edge } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { OrderFlow } from '@roastery/contract';
import { FitViewWhenMeasured } from '../../../components/fit-view-when-measured.tsx';
import { toFlowEdges } from '../../../lib/flow-edges.ts';
import { useLiveStatus } from '../../../lib/live-status.ts';
import { flowStateLooks, isMoving } from '../lib/flow-states.ts';
import { flowNodeTypes, type FlowDeviceNodeType } from './flow-device-node.tsx';
import styles from './order-flow-diagram.module.css';

/**
 * A route fits whole even on a phone: React Flow's default least zoom (0.5) would cut a five
 * column diagram at 390 px, and the route is read at a glance, not panned across.
 */
const MIN_ZOOM = 0.2;
const fitViewOptions = { padding: 0.15, minZoom: MIN_ZOOM };

interface OrderFlowDiagramProps {
  flow: OrderFlow;
  /** Names the diagram for assistive technology and tests. */
  label: string;
}

/**
 * An order's workflow diagram, read-only: devices as nodes with their live state, and the edges
 * out of a running device animated, so beans are seen moving along the path.
 */
export function OrderFlowDiagram({ flow, label }: OrderFlowDiagramProps) {
  const nodes = useMemo<FlowDeviceNodeType[]>(() => {
    const devices = new Map(flow.devices.map((d) => [d.device_id, d]));
    return flow.nodes.map((node) => ({
      id: node.id,
      type: node.type,
      position: node.position,
      data: { ...node.data, device: devices.get(node.id) },
      draggable: false,
      selectable: false,
      connectable: false,
    }));
  }, [flow]);
  // Beans are not seen moving on values that are not live.
  const linkDown = useLiveStatus().plc === 'down';
  const edges = useMemo<Edge[]>(() => {
    const states = new Map(flow.devices.map((d) => [d.device_id, d.state]));
    return toFlowEdges(flow.edges).map((edge) => {
      const state = states.get(edge.source);
      const moving = !linkDown && isMoving(state);
      return {
        ...edge,
        animated: moving,
        selectable: false,
        style: {
          stroke: moving && state ? flowStateLooks[state].color : '#b8a596',
          strokeWidth: moving ? 2.5 : 1.5,
        },
      };
    });
  }, [flow, linkDown]);

  return (
    <div className={styles.canvas} role="figure" aria-label={label}>
      <ReactFlowProvider>
        <ReactFlow<FlowDeviceNodeType, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={flowNodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          minZoom={MIN_ZOOM}
          zoomOnScroll={false}
          preventScrolling={false}
        >
          <FitViewWhenMeasured options={fitViewOptions} />
          <Background gap={20} color="#eee4da" />
        </ReactFlow>
      </ReactFlowProvider>
    </div>
  );
}
