/**
 * The modal's stylesheet, scoped by its shadow root. `:host { all: initial }` stops the host
 * page's inherited styles at the boundary; nothing here reaches the host page.
 * Timings follow SPEC §2/§9: header text 120 ms, height 150 ms, view 150 ms, shake 500 ms.
 */
export const MODAL_STYLES = `
:host { all: initial !important; }
/* !important so a host's \`* { ... !important }\` loses inside our tree: for important rules the
   shadow tree's own declaration wins (CSS Scoping, cascade by tree context). */
dialog, .embedded {
  /* The tallest the modal grows: 640 px, or the viewport less a margin. Taller views scroll. */
  --latch-modal-max-height: min(640px, calc(100dvh - 32px));
  box-sizing: border-box; width: 360px; max-width: 100vw; max-height: var(--latch-modal-max-height);
  margin: auto; padding: 0; border: 1px solid var(--latch-border); border-radius: 24px;
  background: var(--latch-bg); color: var(--latch-fg); overflow: hidden;
  font: 400 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  box-shadow: 0 12px 48px rgba(0, 0, 0, 0.35);
}
dialog::backdrop { background: var(--latch-backdrop); }
/* Closed, the dialog stays laid out where it will open, unseen, unreachable and out of the page's
   flow (fixed, like the modal it becomes): opening then lays out almost nothing, so the view shows
   in the first frame after the click. visibility: hidden keeps it out of focus, hit testing, find
   in page and the accessibility tree. */
dialog:not([open]) { display: block; position: fixed; inset: 0; visibility: hidden; max-width: 100%; max-height: 100%; }
/* Animations start when [open] turns them on, as they did when opening gave the dialog a box. */
dialog:not([open]) :is(.view, .title) { animation: none; }
*, *::before, *::after { box-sizing: border-box; }
.body {
  position: relative; overflow: hidden; transition: height 150ms ease;
  /* Less the dialog's two 1 px borders. */
  max-height: calc(var(--latch-modal-max-height) - 2px);
}
/* The view scrolls by wheel, touch and keyboard under the fixed header (its height set by the modal),
   and its scrolling stays inside. Block layout, not flex: a flex column's fractional track heights
   changed the text's anti-aliasing between two identical pages (modalIsolation.test.ts). */
.scroll { max-height: calc(var(--latch-modal-max-height) - 2px - var(--latch-header-height, 56px)); overflow-y: auto; overscroll-behavior: contain; }
.view { padding: 8px 16px 16px; animation: view-in 150ms ease; }
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 14px 12px 6px; }
.title { margin: 0; font-size: 16px; font-weight: 600; text-align: center; animation: text-in 120ms ease; }
/* Directional marks point the reading way: drawn left-to-right (a lone '‹' is otherwise mirrored
   by the bidi algorithm on its own), then flipped in right-to-left locales. */
.back:dir(rtl), .flip-rtl:dir(rtl) { direction: ltr; transform: scaleX(-1); }
.icon-button {
  width: 36px; height: 36px; border: 0; border-radius: 12px; background: transparent;
  color: var(--latch-fg); font: inherit; font-size: 20px; line-height: 1; cursor: pointer;
}
.icon-button:hover:not(:disabled) { background: var(--latch-surface-hover); }
.icon-button:disabled { opacity: 0.35; cursor: not-allowed; }
button:focus-visible, a:focus-visible, input:focus-visible {
  outline: 2px solid var(--latch-accent); outline-offset: 2px;
}
.list { display: flex; flex-direction: column; gap: 8px; margin: 8px 0 0; padding: 0; list-style: none; }
.row {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; padding: 8px 12px;
  border: 0; border-radius: 16px; background: var(--latch-surface); color: var(--latch-fg);
  font: inherit; font-weight: 500; text-align: start; cursor: pointer;
}
.row:hover { background: var(--latch-surface-hover); }
.row img, .row .glyph { width: 40px; height: 40px; border-radius: 12px; flex: none; object-fit: cover; }
.row .glyph { display: grid; place-items: center; background: var(--latch-border); font-weight: 700; }
.row .tag { margin-inline-start: auto; font-size: 12px; color: var(--latch-muted); }
.muted { color: var(--latch-muted); font-size: 13px; }
.empty { margin: 16px 0; text-align: center; }
.alerts { display: flex; flex-direction: column; gap: 6px; padding: 0 16px; }
.alert { display: flex; align-items: flex-start; gap: 8px; padding: 8px 12px; border-radius: 12px; background: var(--latch-surface); font-size: 13px; }
.alert-text { flex: 1; margin: 0; line-height: 1.4; }
.alert[data-variant="error"] { color: var(--latch-error); }
.view-error { margin: 16px 0; text-align: center; }
.view-error p { margin: 4px 0; }
.footer { padding: 10px 16px 14px; text-align: center; font-size: 12px; color: var(--latch-muted); }
.shake { animation: shake 500ms ease; }
@keyframes view-in { from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; } }
@keyframes text-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
/* Narrow screens: a bottom sheet. */
@media (max-width: 430px) {
  dialog { --latch-modal-max-height: calc(100dvh - 16px); width: 100vw; margin: auto 0 0; border-radius: 24px 24px 0 0; }
}
@media (prefers-reduced-motion: reduce) {
  .body, .view, .title, .shake { animation: none !important; transition: none !important; }
}
`

/** Styles of the shell's shared pieces: buttons, the loading view, the snackbar, spinners. */
export const VIEW_STYLES = `
.primary, .secondary {
  min-height: 40px; padding: 0 12px; border-radius: 12px; font: inherit; font-weight: 600; cursor: pointer;
}
.secondary { border: 1px solid var(--latch-border); background: var(--latch-surface); color: var(--latch-fg); }
.secondary:hover:not(:disabled) { background: var(--latch-surface-hover); }
.primary { border: 0; background: var(--latch-accent); color: var(--latch-accent-fg); }
.primary:disabled, .secondary:disabled, .row:disabled { opacity: 0.6; cursor: not-allowed; }
.view-loading { display: grid; place-items: center; min-height: 120px; color: var(--latch-muted); }
.snackbar-region { position: absolute; inset-inline: 0; bottom: 16px; display: flex; justify-content: center; pointer-events: none; }
.snackbar {
  display: flex; align-items: center; gap: 8px; padding: 8px 14px; border-radius: 999px;
  background: var(--latch-surface); border: 1px solid var(--latch-border); font-size: 13px;
  animation: view-in 150ms ease;
}
.snackbar[data-variant="error"] { color: var(--latch-error); }
.snackbar[data-variant="success"] { color: var(--latch-success); }
.spinner {
  display: inline-block; width: 32px; height: 32px; border-radius: 50%;
  border: 3px solid var(--latch-border); border-top-color: var(--latch-accent); animation: spin 800ms linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
/* A list loading: its rows' shape in grey, breathing; a list with nothing: a sign, a title, a hint. */
.skeleton { display: flex; flex-direction: column; gap: 8px; margin: 8px 0 0; }
.skeleton-row { display: flex; align-items: center; gap: 12px; min-height: 56px; padding: 8px; }
.skeleton-grid { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; margin-top: 12px; }
.skeleton-cell { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 12px 4px; }
.skeleton-circle, .skeleton-square, .skeleton-bar { display: block; background: var(--latch-surface-hover); animation: breathe 1.2s ease-in-out infinite; }
.skeleton-circle { flex: none; width: 36px; height: 36px; border-radius: 50%; }
.skeleton-square { width: 48px; height: 48px; border-radius: 14px; }
.skeleton-lines { display: flex; flex-direction: column; gap: 6px; flex: 1; min-width: 0; }
.skeleton-bar { height: 12px; width: 60%; border-radius: 6px; }
.skeleton-bar.short { width: 35%; }
.skeleton-bar.value { flex: none; width: 64px; }
.skeleton-cell .skeleton-bar { width: 56px; height: 10px; }
.empty-state { display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 16px; text-align: center; }
.empty-sign {
  display: grid; place-items: center; width: 40px; height: 40px; margin-bottom: 6px; border-radius: 50%;
  background: var(--latch-surface); color: var(--latch-muted); font-size: 18px; font-weight: 600;
}
.empty-title { margin: 0; font-weight: 600; }
.empty-hint { margin: 0; max-width: 260px; }
/* The token picker (Send and Swap). */
.token-select { display: flex; flex-direction: column; }
.token-select-title { margin: 12px 0 6px; font-size: 13px; font-weight: 600; color: var(--latch-muted); }
.token-select-title:first-child { margin-top: 0; }
.token-select-search {
  width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit;
}
.token-select-search::placeholder { color: var(--latch-muted); }
.token-select-suggested { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0 0; padding: 0; list-style: none; }
.token-select-chip {
  display: inline-flex; align-items: center; gap: 6px; min-height: 36px; padding: 0 12px; border-radius: 999px;
  border: 1px solid var(--latch-border); background: var(--latch-bg); color: var(--latch-fg); font: inherit; font-weight: 600; cursor: pointer;
}
.token-select-chip img, .token-select-chip .glyph { width: 20px; height: 20px; border-radius: 50%; display: grid; place-items: center; font-size: 11px; background: var(--latch-border); }
.token-select-list { margin: 0; }
.token-select-list .row img, .token-select-list .row .glyph { width: 32px; height: 32px; border-radius: 50%; }
.token-select-list .row[aria-current="true"] { box-shadow: inset 0 0 0 1px var(--latch-accent); }
.token-select-name { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.token-select-name > bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-select-name > bdi + bdi { font-size: 12px; font-weight: 400; color: var(--latch-muted); }
.token-select-value { margin-inline-start: auto; flex: none; font-size: 13px; font-variant-numeric: tabular-nums; }
@keyframes breathe { 50% { opacity: 0.45; } }
@media (prefers-reduced-motion: reduce) { .snackbar, .spinner, .skeleton * { animation: none !important; } }
`
