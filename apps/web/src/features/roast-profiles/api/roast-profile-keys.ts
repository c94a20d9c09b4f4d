/** Every roast-profile query sits under one key, so a saved change refreshes them all. */
export const roastProfileKeys = {
  all: ['roast-profiles'] as const,
  list: () => [...roastProfileKeys.all, 'list'] as const,
  form: () => [...roastProfileKeys.all, 'form'] as const,
  detail: (id: number) => [...roastProfileKeys.all, 'detail', id] as const,
  version: (id: number, version: number) =>
    [...roastProfileKeys.all, 'detail', id, 'version', version] as const,
};
