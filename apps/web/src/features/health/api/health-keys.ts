/** Everything the System Monitor reads sits under this key; a service event refreshes it. */
export const healthKeys = {
  all: ['health'] as const,
  list: () => [...healthKeys.all, 'list'] as const,
  detail: (id: string) => [...healthKeys.all, 'detail', id] as const,
};
