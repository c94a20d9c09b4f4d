/**
 * The command labels the model gives behaviour to. Any plant whose devices carry these labels
 * gets the same behaviour, so the model keys on capabilities, not on device ids or types.
 */
export const Label = {
  Occupancy: 'Occupancy',
  ScaleWeight: 'Scale Weight',
  Phase: 'Phase',
  BeanTemperature: 'Bean Temperature',
  GreenWeight: 'Green Weight',
  RoastedWeight: 'Roasted Weight',
  BatchSize: 'Batch Size',
  BurnerSetPoint: 'Burner Set-point',
  ChargeGateOpened: 'Charge Gate Opened',
  BurnerOn: 'Burner On',
  DrumRunning: 'Drum Running',
  DropDoorOpened: 'Drop Door Opened',
  CoolingTrayRunning: 'Cooling Tray Running',
  BagsPacked: 'Bags Packed',
  BagSize: 'Bag Size',
  PackingSpeed: 'Packing Speed',
  Start: 'Start',
  Running: 'Running',
  TransferSource: 'Transfer Source',
  TransferTarget: 'Transfer Target',
  TransferWeight: 'Transfer Weight',
  TransferredWeight: 'Transferred Weight',
  TransferState: 'Transfer State',
} as const;
