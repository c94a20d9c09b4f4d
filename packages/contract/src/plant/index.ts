export * from './plant-model.ts';
export * from './demo-plant.ts';
