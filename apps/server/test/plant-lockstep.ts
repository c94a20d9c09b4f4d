import type { Services } from '../src/app.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * Keeps the simulated plant in step with the console, for tests whose figures depend on how
 * quickly the console reacts to the plant (a silo's gate closed on the roaster's weight). The
 * plant's time moves one tick, then stands until a whole scan has read it, the PLC has answered
 * every write the console sent and every workflow run waits on the plant again. On a loaded
 * machine the plant then runs slower than the wall clock instead of ahead of the console, so
 * what a gate lets through after its weight is reached does not depend on the machine's load.
 * Returns the function that stops the stepping; the plant then stands at the time it reached.
 */
export function lockstepPlant(services: Services, tickMs = 100): () => Promise<void> {
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
      const simulator = services.runtime.simulator.running;
      if (!simulator) {
        await pause();
        continue;
      }
      // Taken again on every tick: a simulator started anew (a changed address map) has its own.
      simulator.takeClock();
      simulator.model.advance(tickMs);
      const cycles = services.runtime.health()?.scan.cycles ?? 0;
      while (stepping && !caughtUp(cycles)) await pause();
    }
  })();
  return async () => {
    stepping = false;
    await loop;
  };
}
