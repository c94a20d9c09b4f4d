export * from './users.ts';
export * from './system.ts';
