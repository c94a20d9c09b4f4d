/** A recipe line as the form holds it: either field may still be empty. */
export interface RecipeLineValues {
  bean_id?: number;
  ratio?: number | null;
}

/** The sum of the ratios, in hundredths first so that 33.33 + 33.33 + 33.34 is exactly 100. */
export function recipeTotal(lines: readonly (RecipeLineValues | undefined)[]): number {
  const hundredths = lines.reduce((sum, line) => sum + Math.round((line?.ratio ?? 0) * 100), 0);
  return hundredths / 100;
}
