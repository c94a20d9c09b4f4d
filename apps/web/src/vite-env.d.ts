/** The web app's package version, inlined at build time for the navigation's version label. */
declare const __APP_VERSION__: string;
