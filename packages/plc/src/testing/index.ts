export {
  startFaultProxy,
  type FaultProxy,
  type FaultProxyOptions,
  type FaultProxyStats,
  type ProxyMode,
} from './fault-proxy.ts';
export { freePort } from './free-port.ts';
