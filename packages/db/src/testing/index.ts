export {
  createNamedDatabase,
  createTestDatabase,
  prepareTemplate,
  testServerUrl,
} from './template.ts';
