export { startSimulator } from './simulator.ts';
export type { Simulator, SimulatorOptions } from './simulator.ts';
export { PlantModel } from './plant-model.ts';
export type { PlantModelOptions } from './plant-model.ts';
export { AddressError, RegisterStore } from './register-store.ts';
export type { StoreTag, WriteListener, WriteOrigin } from './register-store.ts';
export { startModbusServer, ModbusExceptionCode, PlcScanProfiles } from './modbus-server.ts';
export type { ModbusServerOptions, PlcScanProfile, RunningModbusServer } from './modbus-server.ts';
export {
  CLEANER_WASTE_FRACTION,
  DemoFlowRates,
  demoFlowTopology,
  fitTopology,
} from './flow-topology.ts';
export type { FlowCondition, FlowPath, FlowTopology, TransferConveyor } from './flow-topology.ts';
export { demoInitialValues } from './initial-values.ts';
export type { InitialValue } from './initial-values.ts';
export { PlantConstants } from './plant-constants.ts';
export { Label } from './plant-labels.ts';
export { addressBlocks, formatAddressMap } from './address-map.ts';
export type { AddressBlock, AddressRange } from './address-map.ts';
export {
  charge,
  demoRoasterSpec,
  preheatedRoaster,
  step,
  typicalGreenLot,
} from './roast-physics.ts';
export { demoDropBtF, demoPreheat, demoProfile, profileInputs } from './roast-demo-profile.ts';
