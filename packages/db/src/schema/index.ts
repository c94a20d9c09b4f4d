export * from './users.ts';
export * from './system.ts';
export * from './plant.ts';
export * from './inventory.ts';
export * from './workflows.ts';
export * from './settings.ts';
export * from './orders.ts';
export * from './reports.ts';
