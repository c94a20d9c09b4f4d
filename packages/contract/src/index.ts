export * from './roles.ts';
export * from './errors.ts';
export * from './password.ts';
export * from './users.ts';
export * from './health.ts';
export * from './plant/index.ts';
