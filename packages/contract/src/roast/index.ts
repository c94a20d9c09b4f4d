export * from './roast-samples.ts';
export * from './rate-of-rise.ts';
export * from './roast-events.ts';
export * from './roast-phases.ts';
export * from './reference-curve.ts';
export * from './roast-end.ts';
export * from './temperature-unit.ts';
