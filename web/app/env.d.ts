/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

/** Id of the build this bundle belongs to; set by `define` in vite.config.ts. */
declare const __HEARTH_BUILD_ID__: string;
