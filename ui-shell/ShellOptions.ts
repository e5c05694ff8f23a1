import type { KitMetadata } from './KitMetadata.js'

// The options the core entry reads, added to the kernel's `KitOptions`.
declare module '../kernel/KitOptions.js' {
  interface KitOptions {
    /** The project id sent as `projectId` to the services; without one, the kit works for injected wallets only. */
    projectId?: string
    /** Base URL of the catalogue service (SPEC §7). No default: the kit calls no host the page did not name. */
    apiUrl?: string
    /** Base URL of the blockchain service; defaults to `apiUrl`. */
    blockchainApiUrl?: string
    /**
     * The service URLs for visitors whose browser is in one of SPEC §1's restricted timezones
     * (Asia/Shanghai, Urumqi, Chongqing, Harbin, Kashgar, Macau, Macao, Hong_Kong, Beijing):
     * each given one replaces `apiUrl` or `blockchainApiUrl` for them. Without it, every
     * visitor uses the same URLs.
     */
    restrictedRegionUrls?: { apiUrl?: string; blockchainApiUrl?: string }
    /** Read `GET /appkit/v1/config` at start (default true when `apiUrl` and `projectId` are set). */
    remoteConfig?: boolean
    /**
     * Apply the project's configuration as the service pushes it, while the page is open
     * (default true with remote configuration): an operator's change reaches the page within a
     * second, as `kit.refreshConfig()` would apply it. False: only `refreshConfig()` re-reads it.
     */
    liveConfig?: boolean
    /** Dapp metadata shown to wallets (SPEC §3). */
    metadata?: KitMetadata
    themeMode?: 'dark' | 'light'
    /**
     * `--latch-*` custom properties, e.g. `{ '--latch-accent': '#0a7' }`. The embedded wallet's
     * approval card also takes `--latch-accent`, `--latch-bg`, `--latch-font-family` and
     * `--latch-border-radius` (a px length up to 32), as SPEC §3's w3mThemeVariables.
     */
    themeVariables?: Record<string, string | number>
    /**
     * Render inline in `embeddedParent` (SPEC §2 embedded mode): no dialog, no backdrop; closing
     * shows Account when connected, else Connect.
     */
    embedded?: boolean
    /** Where an embedded kit renders: an element or a selector; defaults to `document.body`. */
    embeddedParent?: HTMLElement | string
    /** Set false to keep the modal out of the DOM (server rendering, headless tests). */
    mountModal?: boolean
    /**
     * The visitor's language ('ar', 'pt-BR', 'en-XA' for the pseudo-locale); defaults to the
     * browser's (navigator.languages), else English. Change it live with `kit.setLocale()`.
     */
    locale?: string
    /** Your own copy: `{ 'connect.title': 'Sign in' }` for every locale, or `{ ja: { 'connect.title': '…' } }` for one. */
    messages?: Record<string, string | Record<string, string>>
    /** The `fetch` the services use; defaults to the platform's. */
    fetch?: typeof fetch
  }
}

export type { KitOptions as ShellOptions } from '../kernel/index.js'
