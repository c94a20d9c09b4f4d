import { lazy, type ComponentType } from 'react';

/**
 * A page loaded on first visit, from a module's named export: React.lazy wants a default
 * export, pages keep named ones.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}
