import { demoTransferRoutes } from '@roastery/contract';
import type { RegisterStore } from './register-store.ts';

/** A coil of a device that must be on, normally a plc feedback such as 'Running'. */
export interface FlowCondition {
  device_id: string;
  label: string;
}

/**
 * One way beans can move: from a device that holds them to one that takes them, while every
 * condition holds, at most at the path's rate. Which device feeds which is this data, not code.
 */
export interface FlowPath {
  from: string;
  to: string;
  when: FlowCondition[];
  lbsPerSecond: number;
  /** A share of what leaves `from` that lands elsewhere, e.g. stones from the destoner. */
  divert?: { to: string; fraction: number };
}

/**
 * A conveyor whose PLC picks its own route: the console names a source and a target by route
 * number, and route n (1-based) is `routes[n - 1]`.
 */
export interface TransferConveyor {
  device_id: string;
  routes: string[];
  lbsPerSecond: number;
}

export interface FlowTopology {
  paths: FlowPath[];
  conveyors?: TransferConveyor[];
}

/** Rates of the demo plant's conveyors and gates, lbs per second. */
export const DemoFlowRates = {
  dump: 50,
  charge: 25,
  trayDischarge: 25,
  rework: 25,
  packFeed: 10,
  greenTransfer: 40,
  roastedTransfer: 25,
} as const;

/** Share of green beans the cleaner / destoner sends to the waste bin. */
export const CLEANER_WASTE_FRACTION = 0.005;

const on = (device_id: string, label: string): FlowCondition => ({ device_id, label });
const range = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`);

const dumpStations = range('DS', 2);
const greenSilos = range('GS', 6);
const roasters = range('R', 2);
const wrbBins = range('WRB', 4);
const packers = range('PK', 2);

function transferConveyor(deviceId: string, lbsPerSecond: number): TransferConveyor {
  const routes = demoTransferRoutes[deviceId];
  if (!routes) throw new Error(`no route table for ${deviceId}`);
  return { device_id: deviceId, routes, lbsPerSecond };
}

/**
 * The demo plant's routes. A route's destination gate selects it: a dump station running with the
 * inlet gate of GS3 open feeds GS3; a silo discharging through the running cleaner feeds the
 * roaster whose charge gate is open, minus the cleaner's waste.
 */
export const demoFlowTopology: FlowTopology = {
  paths: [
    ...dumpStations.flatMap((station) =>
      greenSilos.map((silo) => ({
        from: station,
        to: silo,
        when: [on(station, 'Running'), on(silo, 'Inlet Gate Opened')],
        lbsPerSecond: DemoFlowRates.dump,
      })),
    ),
    ...greenSilos.flatMap((silo) =>
      roasters.map((roaster) => ({
        from: silo,
        to: roaster,
        when: [
          on(silo, 'Discharge Gate Opened'),
          on('CL1', 'Running'),
          on(roaster, 'Charge Gate Opened'),
        ],
        lbsPerSecond: DemoFlowRates.charge,
        divert: { to: 'WB1', fraction: CLEANER_WASTE_FRACTION },
      })),
    ),
    ...roasters.flatMap((roaster) =>
      wrbBins.map((bin) => ({
        from: roaster,
        to: bin,
        when: [on(roaster, 'Cooling Tray Running'), on(bin, 'Inlet Gate Opened')],
        lbsPerSecond: DemoFlowRates.trayDischarge,
      })),
    ),
    ...wrbBins.map((bin) => ({
      from: 'REB1',
      to: bin,
      when: [on('REB1', 'Discharge Gate Opened'), on(bin, 'Inlet Gate Opened')],
      lbsPerSecond: DemoFlowRates.rework,
    })),
    ...[...wrbBins, 'REB1'].flatMap((bin) => [
      ...packers.map((packer) => ({
        from: bin,
        to: packer,
        when: [on(bin, 'Discharge Gate Opened'), on(packer, 'Running')],
        lbsPerSecond: DemoFlowRates.packFeed,
      })),
      {
        from: bin,
        to: 'MB1',
        when: [on(bin, 'Discharge Gate Opened'), on('MB1', 'Opened')],
        lbsPerSecond: DemoFlowRates.packFeed,
      },
    ]),
  ],
  conveyors: [
    transferConveyor('TC1', DemoFlowRates.greenTransfer),
    transferConveyor('TC2', DemoFlowRates.roastedTransfer),
  ],
};

/**
 * The paths of a topology that the store's plant can run: those naming only devices and tags it
 * has, and the conveyors it has. So the demo topology also works on a cut-down plant a test
 * builds. A conveyor keeps routes to devices the plant lacks, unusable, so that the route
 * numbers after them still name the same devices.
 */
export function fitTopology(topology: FlowTopology, store: RegisterStore): FlowTopology {
  const hasDevice = (deviceId: string) => store.tagsOf(deviceId).length > 0;
  const paths = topology.paths.filter(
    (path) =>
      hasDevice(path.from) &&
      hasDevice(path.to) &&
      (!path.divert || hasDevice(path.divert.to)) &&
      path.when.every((condition) => store.has(condition.device_id, condition.label)),
  );
  if (!topology.conveyors) return { paths };
  return {
    paths,
    conveyors: topology.conveyors.filter((conveyor) => hasDevice(conveyor.device_id)),
  };
}
