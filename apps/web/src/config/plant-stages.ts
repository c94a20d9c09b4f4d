/**
 * The plant's stages in flow order. A stage's index is its tab on the devices screen (query t)
 * and the link of its dashboard tile.
 */
export const plantStages = ['Green', 'Roasting', 'Roasted', 'Packing'] as const;
