import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  addEdge,
  Background,
  Controls,
  Panel,
  ReactFlow,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import { ExperimentOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { Diagram, DeviceSummary, WorkflowListEntry } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FitViewWhenMeasured } from '../../../components/fit-view-when-measured.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useLoadDiagram } from '../api/load-diagram.ts';
import { useSaveDiagram } from '../api/save-diagram.ts';
import { DesignerDevicesContext } from './designer-devices-context.ts';
import { DEVICE_DRAG_TYPE, DevicePalette } from './device-palette.tsx';
import type { DeviceFlowNode } from './device-node-data.ts';
import { edgeId, toFlowEdges } from '../../../lib/flow-edges.ts';
import { clampEdgeHandles, toFlowNodes, toWorkflowEdges, toWorkflowNodes } from './flow-mapping.ts';
import { newNodeData, nodeTypes, normaliseNodeData, paletteNodeType } from './node-registry.tsx';
import { NodeOptionsDrawer, type NodeOptions } from './node-options-drawer.tsx';
import styles from './flow-designer.module.css';

export const RESET_CONFIRMATION = 'Are you sure to reset the workflow?';
export const LOAD_CONFIRMATION = 'Are you sure to load the workflow?';
const SAVE_ERROR = 'Error in saving flow';
/** Both keys remove the selection: Delete as the spec says, Backspace for laptop keyboards. */
const DELETE_KEYS = ['Delete', 'Backspace'];
/** Zoomed out far enough that a long bean path fits a phone's width too. */
const MIN_ZOOM = 0.2;
const fitViewOptions = { maxZoom: 1.5, minZoom: MIN_ZOOM };

interface FlowDesignerProps {
  diagram: Diagram;
  devices: DeviceSummary[];
  workflows: WorkflowListEntry[];
  /** Fetches the saved diagram again, after someone else saved it. */
  reload: () => Promise<Diagram | undefined>;
}

/** The canvas with its toolbar of devices, the node drawer and the save and reset actions. */
export function FlowDesigner({ diagram, devices, workflows, reload }: FlowDesignerProps) {
  const navigate = useNavigate();
  const { message, notification } = useFeedback();
  const [modal, modalHolder] = Modal.useModal();
  const { screenToFlowPosition } = useReactFlow<DeviceFlowNode, Edge>();
  const [nodes, setNodes, onNodesChange] = useNodesState(toFlowNodes(diagram.nodes));
  const [edges, setEdges, onEdgesChange] = useEdgesState(toFlowEdges(diagram.edges));
  const [saved, setSaved] = useState(diagram);
  const [openNodeId, setOpenNodeId] = useState<string>();
  const canvasRef = useRef<HTMLDivElement>(null);
  const save = useSaveDiagram();
  const loadDiagram = useLoadDiagram();
  /**
   * Each diagram shown (on open, after RESET, reload or import) is fitted in view; a device
   * dropped on the canvas never moves the view. An empty canvas is not fitted: that would zoom
   * onto the first device dropped on it.
   */
  const [fitRequest, setFitRequest] = useState(diagram.nodes.length > 0 ? 1 : 0);

  const devicesByCode = useMemo(
    () => new Map(devices.map((device) => [device.device_id, device])),
    [devices],
  );
  const placed = useMemo(() => new Set(nodes.map((node) => node.id)), [nodes]);
  const openNode = nodes.find((node) => node.id === openNodeId);

  const show = useCallback(
    (next: Pick<Diagram, 'nodes' | 'edges'>) => {
      setNodes(toFlowNodes(next.nodes));
      setEdges(toFlowEdges(next.edges));
      setOpenNodeId(undefined);
      if (next.nodes.length > 0) setFitRequest((request) => request + 1);
    },
    [setNodes, setEdges],
  );

  const onConnect = useCallback(
    (connection: Connection) =>
      setEdges((current) =>
        addEdge(
          {
            ...connection,
            id: edgeId(
              connection.source,
              connection.sourceHandle,
              connection.target,
              connection.targetHandle,
            ),
          },
          current,
        ),
      ),
    [setEdges],
  );

  const place = (device: DeviceSummary, position: { x: number; y: number }) => {
    if (placed.has(device.device_id)) return;
    setNodes((current) => [
      ...current,
      {
        id: device.device_id,
        type: paletteNodeType,
        position,
        data: newNodeData(device.device_name),
      },
    ]);
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DEVICE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };

  const onDrop = (event: DragEvent) => {
    const device = devicesByCode.get(event.dataTransfer.getData(DEVICE_DRAG_TYPE));
    if (!device) return;
    event.preventDefault();
    place(device, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  /** Without a pointer, a device lands in the middle of what the canvas shows. */
  const addFromKeyboard = (device: DeviceSummary) => {
    const canvas = canvasRef.current?.getBoundingClientRect();
    const centre = canvas
      ? { x: canvas.left + canvas.width / 2, y: canvas.top + canvas.height / 2 }
      : { x: 0, y: 0 };
    place(device, screenToFlowPosition(centre));
  };

  const updateNode = (nodeId: string, options: NodeOptions) => {
    const node = nodes.find((candidate) => candidate.id === nodeId);
    if (!node) return;
    const updated: DeviceFlowNode = {
      ...node,
      type: options.type,
      data: normaliseNodeData(options.type, { ...node.data, ...options }),
    };
    setNodes((current) =>
      current.map((candidate) => (candidate.id === nodeId ? updated : candidate)),
    );
    setEdges((current) => clampEdgeHandles(current, updated));
    setOpenNodeId(undefined);
  };

  const deleteNode = (nodeId: string) => {
    setNodes((current) => current.filter((node) => node.id !== nodeId));
    setEdges((current) =>
      current.filter((edge) => edge.source !== nodeId && edge.target !== nodeId),
    );
    setOpenNodeId(undefined);
  };

  const offerReload = (text: string) =>
    void modal.confirm({
      title: 'Someone else saved this workflow',
      content: text,
      okText: 'Reload',
      cancelText: 'Keep my changes',
      onOk: async () => {
        const fresh = await reload();
        if (!fresh) return;
        setSaved(fresh);
        show(fresh);
      },
    });

  const submit = () =>
    save.mutate(
      {
        id: saved.id,
        nodes: toWorkflowNodes(nodes),
        edges: toWorkflowEdges(edges),
        revision: saved.revision,
      },
      {
        onSuccess: (result) => {
          setSaved(result);
          void message.success('Workflow saved');
          void navigate(paths.admin.flowSort.getHref(result.id));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            offerReload(errorMessage(error, SAVE_ERROR));
            return;
          }
          notification.error({ title: 'Error', description: errorMessage(error, SAVE_ERROR) });
        },
      },
    );

  const importFrom = (workflowId: number) =>
    void modal.confirm({
      title: LOAD_CONFIRMATION,
      content: 'The canvas is replaced by the diagram of that workflow; nothing is saved yet.',
      okText: 'Load',
      onOk: async () => {
        try {
          show(await loadDiagram(workflowId));
        } catch (error) {
          notification.error({ title: 'Error', description: errorMessage(error) });
        }
      },
    });

  const others = workflows.filter((workflow) => workflow.id !== saved.id);

  return (
    <>
      {modalHolder}
      <PageHeader
        title={saved.name}
        subtitle="Drag devices onto the canvas and connect them in the order the material flows."
        actions={
          <>
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => void navigate(paths.admin.flowTest.getHref(saved.id))}
            >
              Test
            </Button>
            <Popconfirm
              title={RESET_CONFIRMATION}
              description="The canvas goes back to the last saved diagram."
              okText="Reset"
              onConfirm={() => show(saved)}
            >
              <Button icon={<ReloadOutlined />}>RESET</Button>
            </Popconfirm>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              onClick={submit}
            >
              SAVE WORKFLOW
            </Button>
          </>
        }
      />
      <div className={styles.toolbar}>
        <label className={styles.field}>
          <span>Workflow</span>
          <Select<number>
            className={styles.select}
            aria-label="Switch workflow"
            showSearch={{ optionFilterProp: 'label' }}
            value={saved.id}
            options={workflows.map((workflow) => ({ value: workflow.id, label: workflow.name }))}
            onChange={(id) => void navigate(paths.admin.flow.getHref(id))}
          />
        </label>
        {saved.isSystem ? null : (
          <label className={styles.field}>
            <span>Import</span>
            <Select<number>
              className={styles.select}
              aria-label="Import workflow"
              placeholder="Load the diagram of…"
              showSearch={{ optionFilterProp: 'label' }}
              value={null}
              options={others.map((workflow) => ({ value: workflow.id, label: workflow.name }))}
              onChange={importFrom}
            />
          </label>
        )}
      </div>
      <DesignerDevicesContext value={devicesByCode}>
        <div className={styles.workspace}>
          <DevicePalette devices={devices} placed={placed} onAdd={addFromKeyboard} />
          <div ref={canvasRef} className={styles.canvas} onDragOver={onDragOver} onDrop={onDrop}>
            <ReactFlow<DeviceFlowNode, Edge>
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={onConnect}
              onNodeClick={(_event, node) => setOpenNodeId(node.id)}
              deleteKeyCode={DELETE_KEYS}
              minZoom={MIN_ZOOM}
              aria-label="Workflow canvas"
            >
              {nodes.length === 0 ? (
                <Panel position="top-center" className={styles.emptyHint}>
                  <EmptyState
                    title="No devices on the canvas"
                    description="Drag devices from the toolbar and connect them, source to target."
                  />
                </Panel>
              ) : null}
              <FitViewWhenMeasured request={fitRequest} options={fitViewOptions} />
              <Background gap={16} />
              <Controls />
            </ReactFlow>
          </div>
        </div>
        <NodeOptionsDrawer
          node={openNode}
          onUpdate={updateNode}
          onDelete={deleteNode}
          onClose={() => setOpenNodeId(undefined)}
        />
      </DesignerDevicesContext>
    </>
  );
}
