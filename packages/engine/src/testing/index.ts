export { EventRecorder } from './event-recorder.ts';
export { FakeDevicePort, type RecordedWrite } from './fake-device-port.ts';
export { GatewayDevicePort, type GatewayLike } from './gateway-device-port.ts';
export { ManualClock, systemClock } from './manual-clock.ts';
export { MemoryRunStore } from './memory-run-store.ts';
export { MemoryWorkflowSource } from './memory-workflow-source.ts';
export { step, trigger, waitOn, workflowOf } from './workflow-builder.ts';
