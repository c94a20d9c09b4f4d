import { Role, type RoastControlState } from '@roastery/contract';
import { eventually, type ApiCaller } from './helper.ts';
import { lockstepPlant } from './plant-lockstep.ts';
import { restartablePlant, type ConsoleRun, type RestartablePlant } from './restart-fixtures.ts';

/**
 * A roast through restarts of the console: the demo plant on its simulated PLC, a console on it
 * that a test stops and starts again mid-roast, and the plant moved a second at a time (two while
 * a roaster only roasts, the controller's step), standing until the console has seen each step
 * and answered it.
 */
export class RoastRestartRig {
  readonly plant: RestartablePlant;
  /** The console now running; a test that stops and starts one itself sets it. */
  run: ConsoleRun;
  #stopStepping: (() => Promise<void>) | undefined;

  private constructor(plant: RestartablePlant, run: ConsoleRun) {
    this.plant = plant;
    this.run = run;
  }

  static async start(): Promise<RoastRestartRig> {
    const plant = await restartablePlant();
    return new RoastRestartRig(plant, await plant.start());
  }

  /** A value in the simulated PLC, by device and label. */
  plc(code: string, label: string): number {
    return this.plant.simulator.model.getValue(code, label);
  }

  supervisor(): ApiCaller {
    return this.run.as(Role.Supervisor);
  }

  step(): void {
    this.#stopStepping = lockstepPlant(this.run.services, 1000, 2000, () => this.plant.simulator);
  }

  /** Stops the console as a deploy does; the plant roasts on alone, then a new console starts. */
  async restart(plantS: number): Promise<void> {
    await this.#stopStepping?.();
    this.#stopStepping = undefined;
    await this.run.close();
    this.plant.simulator.model.advance(plantS * 1_000);
    this.run = await this.plant.start();
    this.step();
  }

  /** The roaster's roast control once it follows a profile. */
  following(roaster: string): Promise<RoastControlState> {
    return eventually(
      async () => {
        const { body } = await this.supervisor()<RoastControlState>(
          'GET',
          `/api/roast-control/${roaster}`,
        );
        return body.profile ? body : undefined;
      },
      `${roaster} to follow its profile`,
      150_000,
    );
  }

  async close(): Promise<void> {
    await this.#stopStepping?.();
    await this.plant.close();
  }
}
