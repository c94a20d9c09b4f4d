import { describe, expect, it } from 'vitest';
import { Composition } from './composition.ts';

describe('Composition', () => {
  it('builds in order, each part from what the ones before it made', async () => {
    const built = await Composition.of({ base: 2 })
      .add(({ base }) => ({ doubled: base * 2 }))
      .add(async ({ doubled }) => ({ text: `${doubled}` }))
      .add(({ base, text }) => ({ both: `${base}/${text}` }))
      .build();
    expect(built).toEqual({ base: 2, doubled: 4, text: '4', both: '2/4' });
  });

  it('runs builds that return at once without yielding between them', async () => {
    const seen: string[] = [];
    const composed = Composition.of({})
      .add(async () => ({ first: seen.push('first') }))
      .add(() => {
        void Promise.resolve().then(() => seen.push('microtask'));
        return { second: seen.push('second') };
      })
      .add(() => ({ third: seen.push('third') }))
      .build();
    await composed;
    expect(seen).toEqual(['first', 'second', 'third', 'microtask']);
  });

  it('refuses a name built twice', async () => {
    const twice = Composition.of({ hub: 1 }).add(() => ({ hub: 2 }));
    await expect(twice.build()).rejects.toThrow('hub is built twice');
  });
});
