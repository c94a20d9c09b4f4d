/** The alarm of the PLC link, raised while the connection is lost. */
export const PLC_LINK_SOURCE = 'plc-link';
/** The alarm of a PLC gateway a person stopped from the System Monitor. */
export const PLC_GATEWAY_STOPPED_SOURCE = 'plc-gateway-stopped';
/** The source of a device's PLC alarm codes. */
export const deviceAlarmSource = (deviceCode: string) => `alarm:${deviceCode}`;
