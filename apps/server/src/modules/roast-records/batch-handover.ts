/** A roasting batch the order runs have booked: the roaster's record of it is linked to it. */
export interface RoastedBatch {
  batchId: number;
  /** The roaster's device (its row id). */
  roasterDevice: number;
  startedAt: Date;
}

/**
 * What the order runs call once a roasting batch is booked, declared here so that the order
 * runs build on the roast records and not the other way.
 */
export interface RoastRecordHandover {
  batchRoasted(batch: RoastedBatch): Promise<void>;
}
