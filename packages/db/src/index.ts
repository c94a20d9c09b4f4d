export * from './database.ts';
export * from './backup.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
