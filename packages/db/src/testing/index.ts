export { createTestDatabase, testServerUrl } from './template.ts';
