export { Conditions } from './conditions.ts';
export { PlantCatalog } from './plant-catalog.ts';
export { DeviceLocks, type LockHolder } from './device-locks.ts';
export type {
  Clock,
  CommandInfo,
  DeviceInfo,
  DeviceMode,
  DevicePort,
  DeviceReading,
  EngineNotice,
  EventSink,
  Notifier,
  RunEvent,
  RunStore,
  StepWrite,
  WorkflowSource,
  WriteLog,
  WriteOutcome,
} from './ports.ts';
export {
  IllegalTransitionError,
  canTransition,
  createRun,
  isActive,
  isTerminal,
} from './run-state-machine.ts';
export { dynamicValueForm, validateDynamicValues, validateWorkflow } from './validation.ts';
export { compare } from './wait-conditions.ts';
export {
  MANUAL_MODE_REFUSAL,
  MANUAL_MODE_RESUME_REFUSAL,
  UNKNOWN_MODE_REFUSAL,
  UNKNOWN_MODE_RESUME_REFUSAL,
  WorkflowEngine,
  type Refusal,
  type ResetResult,
  type ResetWrite,
  type RunResult,
  type RunWait,
  type StartRequest,
  type StartResult,
  type WorkflowEngineOptions,
} from './workflow-engine.ts';
export { drivenDevices, sortedSteps, workflowDevices } from './workflow-steps.ts';
export * from './roast/index.ts';
