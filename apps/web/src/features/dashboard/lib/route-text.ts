import type { OrderRoute } from '@roastery/contract';

/** Names as a sentence lists them: 'A', 'A and B', 'A, B and C'. */
function listed(names: readonly string[]): string {
  const last = names.at(-1) ?? '';
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${last}` : last;
}

/**
 * A roasting order's route in words, as its flow is drawn: 'From Green Silo 3 and Green Silo 1
 * on Roaster 1 into WRB Bin 2'. Before its first batch has drawn, the silos are those it will
 * draw from now, which the silos' stock may still change.
 */
export function routeText(route: OrderRoute): string {
  const onward = [
    route.roaster ? `on ${route.roaster.device_name}` : null,
    route.destination ? `into ${route.destination.device_name}` : null,
  ].filter((part) => part !== null);
  if (route.silos.length === 0) {
    const where = onward.join(' ');
    return where === ''
      ? 'No silo holds its beans'
      : `${capitalized(where)}; no silo holds its beans`;
  }
  const silos = listed(route.silos.map((s) => s.device_name));
  const from = route.silos_from === 'plan' ? `Will draw from ${silos}` : `From ${silos}`;
  return [from, ...onward].join(' ');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
