export { createTestDatabase, prepareTemplate, testServerUrl } from './template.ts';
