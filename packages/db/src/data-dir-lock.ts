import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';

function ownerOf(file: string): string {
  const pid = readFileSync(file, 'utf8').trim();
  return /^\d+$/.test(pid) ? `process ${pid}` : 'another process';
}

/**
 * The embedded database is one process's files: two consoles on one data folder would corrupt
 * it. The folder is guarded by an exclusive lock on `console.lock` that the operating system
 * holds for the process (an open-file-description lock on Linux, flock elsewhere) and drops
 * when the process ends, however it ends. A crash therefore never leaves a lock behind, and
 * the pid written into the file only names the owner in the refusal: it decides nothing, so a
 * pid reused by an unrelated process after a crash cannot keep the console from starting.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'console.lock');
  const fd = openSync(file, 'a+');
  if (!tryLock(fd)) {
    closeSync(fd);
    throw new Error(
      `Another console (${ownerOf(file)}) is using the data folder ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  ftruncateSync(fd);
  writeSync(fd, String(process.pid));
  // The file stays: removing it would let a console that opened it a moment earlier and one
  // that creates it anew each hold a lock, on two different files.
  return () => {
    unlock(fd);
    closeSync(fd);
  };
}
