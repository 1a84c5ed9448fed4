/**
 * Everything that differs between the console in a browser and the console inside Electron.
 * The renderer talks to the host only through this interface; the variant is chosen at build time
 * by the `@platform` alias (web.ts for the /admin build; the Electron build points it elsewhere).
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface Platform {
  readonly kind: 'web' | 'electron';
  /** Origin of the API; empty means the same origin as the console. */
  readonly apiBaseUrl: string;
  /** Browser history under /admin on the web; a file:// page needs hash routing. */
  readonly routing: 'browser' | 'hash';
  /** Where the session (keys `token` and `user`) and preferences are kept. */
  readonly storage: KeyValueStorage;
  /** Absolute address of a page of the public site. */
  publicSiteUrl(path?: string): string;
  /**
   * Opens a page of the public site: in a new tab (or, inside Electron, the system browser), or in
   * place of the console when `sameWindow` is asked for and the host allows it.
   */
  openPublicSite(path?: string, options?: { sameWindow?: boolean }): void;
}
