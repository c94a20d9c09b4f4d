import pkg from '../../package.json' with { type: 'json' };

/** The console's version, as its package names it. */
export const appVersion: string = pkg.version;
