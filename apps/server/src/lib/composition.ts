type Build = (built: object) => object;

/**
 * Parts built one after another, each from everything built before it: a build takes what it
 * needs by name and adds what it makes under new names. A build that returns at once is
 * followed at once; the next waits only for a build that returns a promise.
 */
export class Composition<Built extends object> {
  readonly #start: object;
  readonly #builds: readonly Build[];

  private constructor(start: object, builds: readonly Build[]) {
    this.#start = start;
    this.#builds = builds;
  }

  static of<Start extends object>(start: Start): Composition<Start> {
    return new Composition(start, []);
  }

  add<Part extends object>(
    build: (built: Built) => Part | Promise<Part>,
  ): Composition<Built & Part> {
    return new Composition(this.#start, [...this.#builds, build as Build]);
  }

  async build(): Promise<Built> {
    let built = this.#start;
    for (const build of this.#builds) {
      const pending = build(built);
      const part = pending instanceof Promise ? await pending : pending;
      // A name built twice would hand the later areas another part than the earlier ones got.
      const taken = Object.keys(part).find((name) => name in built);
      if (taken) throw new Error(`${taken} is built twice`);
      built = { ...built, ...part };
    }
    return built as Built;
  }
}
