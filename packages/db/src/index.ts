export * from './database.ts';
export * from './backup.ts';
export * from './running-consoles.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
