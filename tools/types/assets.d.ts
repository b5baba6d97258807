declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}

/** The build's identifier (BUILD_ID at build time, else the workspace version), shown on each remote's root element. */
declare const __BUILD_ID__: string;
/** A Lingui catalogue, compiled by the build (@lingui/loader). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
