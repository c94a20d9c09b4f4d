import { conflict, unprocessable } from '../../lib/http-errors.ts';

/** A path as an order start matches it: device codes, and the workflow it runs. */
export interface PathRoute {
  id: number;
  name: string;
  enabled: boolean;
  silos: string[];
  roaster: string;
  destination: string;
  workflowId: number;
  workflowName: string;
}

/** What a start chose; what it leaves open (undefined) any path may fill. */
export interface StartChoice {
  pathId?: number | undefined;
  silo?: string | undefined;
  roaster?: string | undefined;
  destination?: string | undefined;
  workflow?: { id: number; name: string } | undefined;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Why a path does not fit the choice, or undefined when it does. */
function misfit(path: PathRoute, choice: StartChoice): string | undefined {
  const { silo, roaster, destination, workflow } = choice;
  if (!path.enabled) return `the path '${path.name}' is disabled`;
  if (roaster !== undefined && !same(path.roaster, roaster))
    return `the path '${path.name}' roasts on ${path.roaster}, not on ${roaster}`;
  if (destination !== undefined && !same(path.destination, destination))
    return `the path '${path.name}' lands in ${path.destination}, not in ${destination}`;
  if (workflow !== undefined && workflow.id !== path.workflowId)
    return `the path '${path.name}' runs '${path.workflowName}', not '${workflow.name}'`;
  if (silo !== undefined && !path.silos.some((s) => same(s, silo)))
    return `the path '${path.name}' does not draw from ${silo}`;
  return undefined;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The enabled paths a start may take, in the order they are listed. A chosen path must fit
 * every device and the workflow of the start; otherwise every enabled path that fits is a
 * candidate. Refuses (409) with the reason when none fits.
 */
export function matchPaths(
  paths: readonly PathRoute[],
  choice: StartChoice,
): [PathRoute, ...PathRoute[]] {
  if (choice.pathId !== undefined) {
    const path = paths.find((p) => p.id === choice.pathId);
    if (!path) throw unprocessable(`There is no roasting path ${choice.pathId}.`);
    const why = misfit(path, choice);
    if (why) throw conflict(`${capitalised(why)}: this start matches no enabled roasting path.`);
    return [path];
  }
  const [first, ...more] = paths.filter((p) => misfit(p, choice) === undefined);
  if (first) return [first, ...more];
  const { silo, roaster, destination, workflow } = choice;
  const route = [
    silo && `from ${silo}`,
    roaster && `through ${roaster}`,
    destination && `into ${destination}`,
    workflow && `with the workflow '${workflow.name}'`,
  ].filter(Boolean);
  throw conflict(
    route.length === 0
      ? 'Every roasting path is disabled: enable one under Paths to start orders.'
      : `No enabled roasting path goes ${route.join(' ')}. Choose a path listed under Paths, or ask a supervisor to add one.`,
  );
}
