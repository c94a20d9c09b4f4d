export {
  BACKOFF_DEFAULTS,
  ConnectionSupervisor,
  backoffDelay,
  type BackoffOptions,
  type SetTimer,
  type ConnectionState,
  type StateTransition,
  type SupervisorOptions,
} from './connection-supervisor.ts';
export {
  DeviceStateCache,
  type CacheChanges,
  type DeviceQuality,
  type Quality,
  type TagValue,
} from './device-state-cache.ts';
export {
  DriverError,
  type DriverErrorKind,
  type DriverEvents,
  type DriverHealth,
  type DriverLimits,
  type DriverOptions,
  type PlcDriver,
  type TagAddress,
} from './driver.ts';
export { DriverRegistry, createDriverRegistry, type DriverFactory } from './driver-registry.ts';
export { MODBUS_LIMITS, ModbusTcpDriver, classifyModbusError } from './modbus-tcp-driver.ts';
export {
  GATEWAY_DEFAULTS,
  MAX_IN_FLIGHT_LIMIT,
  PlcGateway,
  type CommandState,
  type ConnectionEvent,
  type GatewayHealth,
  type GatewaySnapshot,
  type PlcGatewayConfig,
  type PlcGatewayEvents,
  type PlcGatewayOptions,
} from './plc-gateway.ts';
export {
  READ_PLAN_DEFAULTS,
  planReads,
  splitAtGaps,
  type PlannableTag,
  type PlannedTag,
  type ReadPlanOptions,
  type ReadRequest,
} from './read-planner.ts';
export { Scanner, type ScanCycle, type ScannerHealth } from './scanner.ts';
export { TagValueError, decodeTag, encodeTag, sameTagValue, tagWidth } from './tag-codec.ts';
export { TagMap, TagMapError, tagKey, type MappedTag, type TagRef } from './tag-map.ts';
export { TypedEmitter, type Listener } from './typed-emitter.ts';
export { Writer, type WriteRecord, type WriteRequest, type WriteResult } from './writer.ts';
