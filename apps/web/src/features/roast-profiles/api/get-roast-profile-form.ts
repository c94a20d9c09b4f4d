import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

const roastProfileForm = z.object({
  products: z.array(z.object({ product_id: z.number().int(), product_name: z.string() })),
  /** The devices of the roaster type; capacity_lbs is null when the roaster names none. */
  roasters: z.array(
    z.object({ code: z.string(), name: z.string(), capacity_lbs: z.number().nullable() }),
  ),
});
export type RoastProfileForm = z.infer<typeof roastProfileForm>;

/** What a new profile can be for: the products and the roasters. */
export function getRoastProfileForm(signal?: AbortSignal): Promise<RoastProfileForm> {
  return apiRequest('/roast-profiles/form', roastProfileForm, { signal });
}

export function useRoastProfileForm() {
  return useQuery(
    queryOptions({
      queryKey: roastProfileKeys.form(),
      queryFn: ({ signal }) => getRoastProfileForm(signal),
    }),
  );
}
