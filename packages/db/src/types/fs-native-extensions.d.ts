// The package ships no types; these are the two calls the data-folder lock uses.
declare module 'fs-native-extensions' {
  /** Takes an exclusive lock on the open file without waiting; false when another holds it. */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
}
