export * from './plant-model.ts';
