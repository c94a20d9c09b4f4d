import { BACKOFF_DEFAULTS, type PlcGatewayConfig } from '@roastery/plc';
import type { PlcConfig } from '../../config.ts';

/** The gateway's settings for the PLC at `target`, from the console's PLC configuration. */
export function gatewayConfig(
  config: PlcConfig,
  target: { host: string; port: number },
): PlcGatewayConfig {
  return {
    protocol: 'modbus-tcp',
    ...target,
    unitId: config.unitId,
    scanIntervalMs: config.scanIntervalMs,
    requestTimeoutMs: config.requestTimeoutMs,
    maxInFlight: config.maxInFlight,
    staleAfterScans: config.staleAfterScans,
    offlineAfterScans: config.offlineAfterScans,
    confirmTimeoutMs: config.confirmTimeoutMs,
    backoff: {
      minMs: Math.min(BACKOFF_DEFAULTS.minMs, config.reconnectMaxMs),
      maxMs: config.reconnectMaxMs,
    },
  };
}
