import { RoasterPhase } from '@roastery/contract';
import type { Simulator } from '@roastery/simulator';
import type { Services } from '../src/app.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * Keeps the simulated plant in step with the console, for tests whose figures depend on how
 * quickly the console reacts to the plant (a silo's gate closed on the roaster's weight). The
 * plant's time moves one tick, then stands until a whole scan has read it, the PLC has answered
 * every write the console sent and every workflow run waits on the plant again. On a loaded
 * machine the plant then runs slower than the wall clock instead of ahead of the console, so
 * what a gate lets through after its weight is reached does not depend on the machine's load.
 * While a roaster roasts with its burner on and none charges, the plant moves `roastTickMs` a
 * tick: a roast runs minutes of plant time, and nothing the console does then needs a finer step
 * (a wait on the bean temperature ends a degree or two later, the burner goes off one such tick
 * later, and the drop follows at the fine tick).
 * Returns the function that stops the stepping; the plant then stands at the time it reached.
 * `simulatorOf` is the simulated PLC the console talks to: its own by default, or one that
 * outlives the console (a restart).
 */
export function lockstepPlant(
  services: Services,
  tickMs = 100,
  roastTickMs = 10_000,
  simulatorOf: () => Simulator | undefined = () => services.runtime.simulator.running,
): () => Promise<void> {
  let stepping = true;
  const caughtUp = (cycles: number) => {
    const health = services.runtime.health();
    // A cycle numbered cycles + 1 started after the tick; one numbered cycles + 2 starts only
    // once that one has read the whole plant and told everyone of what changed.
    return (
      health !== undefined &&
      health.scan.cycles >= cycles + 2 &&
      health.unacknowledgedWrites === 0 &&
      services.engine.waitingOnPlant()
    );
  };
  const loop = (async () => {
    while (stepping) {
      const simulator = simulatorOf();
      if (!simulator) {
        await pause();
        continue;
      }
      // Taken again on every tick: a simulator started anew (a changed address map) has its own.
      simulator.takeClock();
      simulator.model.advance(onlyRoasting(simulator) ? Math.max(tickMs, roastTickMs) : tickMs);
      const cycles = services.runtime.health()?.scan.cycles ?? 0;
      while (stepping && !caughtUp(cycles)) await pause();
    }
  })();
  return async () => {
    stepping = false;
    await loop;
  };
}

/**
 * Some roaster roasts with its burner on and none charges: no gate is closing on a weight, and
 * the end of a roast (burner off, then the drop) runs at the fine tick again.
 */
function onlyRoasting(simulator: Simulator): boolean {
  const roasters = simulator.plant.devices
    .map((device) => device.device_id)
    .filter((code) => simulator.store.has(code, 'Phase'));
  const phase = (code: string) => simulator.model.getValue(code, 'Phase');
  return (
    roasters.some(
      (code) =>
        phase(code) === RoasterPhase.Roasting &&
        simulator.store.has(code, 'Burner On') &&
        simulator.model.getValue(code, 'Burner On') === 1,
    ) && !roasters.some((code) => phase(code) === RoasterPhase.Charging)
  );
}
