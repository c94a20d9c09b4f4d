import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A Vitest sequencer that starts the named test files first, in the given order, and the rest as
 * Vitest would. Vitest orders files by their last measured duration, and a file it has no timing
 * for (every file, in a clean clone on CI) by its size: a short file that runs for minutes (a
 * property test over a shared fixture) then started last and ended the run alone on one core.
 */
export function longFilesFirst(longFiles: readonly string[]): typeof BaseSequencer {
  const rank = (spec: TestSpecification) => {
    const index = longFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
    return index === -1 ? longFiles.length : index;
  };
  return class LongFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
