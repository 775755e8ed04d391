import { THEME_COLOURS } from '../core/domain/themePalette.js'

/** `--name: value;` lines, one a variable. */
const declarations = (variables: Record<string, string>): string =>
  Object.entries(variables)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n')

/**
 * The modal's stylesheet, scoped inside its shadow root. Every value is a CSS variable a host
 * can override on the `gangway-modal` element (outer rules beat `:host`) or through the
 * `themeVariables` option. Sizes and timings are spec §2's.
 */
export const MODAL_CSS = `
:host {
  --gw-width: 360px;
  --gw-z-index: 999;
  /* The overlay's extent: a host can keep part of the page (a docked panel) uncovered. */
  --gw-overlay-inset: 0;
  --gw-radius: 4px;
  --gw-font-base: 10px;
  --gw-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --gw-header-duration: 120ms;
  --gw-height-duration: 150ms;
  --gw-view-duration: 150ms;
${declarations(THEME_COLOURS.light)}
  all: initial;
}
/*
 * Dark defaults sit on the host when it carries the theme mode (applyThemeVariables), where the
 * host's own values (inline style, outer rules) beat them; on the root otherwise.
 */
:host([data-theme='dark']), :host(:not([data-theme])) .gw-root[data-theme='dark'] {
${declarations(THEME_COLOURS.dark)}
}
.gw-root { font-family: var(--gw-font-family); font-size: calc(var(--gw-font-base) * 1.4); color: var(--gw-fg); }
.gw-overlay {
  position: fixed; inset: var(--gw-overlay-inset); z-index: var(--gw-z-index); background: var(--gw-overlay);
  display: flex; align-items: flex-start; justify-content: center; box-sizing: border-box; padding-top: var(--gw-dialog-top, clamp(12px, 12vh, 96px));
}
.gw-dialog {
  box-sizing: border-box; width: var(--gw-width); max-width: 100vw; max-height: calc(100% - 12px); overflow: hidden;
  background: var(--gw-bg); color: var(--gw-fg); border: 1px solid var(--gw-border);
  border-radius: var(--gw-radius); box-shadow: 0 12px 40px rgba(0,0,0,.25); display: flex; flex-direction: column;
  outline: none;
}
.gw-overlay { animation: gw-fade var(--gw-view-duration) ease-out; }
.gw-dialog { animation: gw-dialog-in var(--gw-view-duration) ease-out; }
@keyframes gw-dialog-in { from { opacity: 0; transform: translateY(8px) scale(.98); } to { opacity: 1; transform: none; } }
/* Closing: a still picture of the dialog fades and sinks out (see leaveGhost in ModalRoot). */
.gw-overlay[data-closing] { z-index: calc(var(--gw-z-index) - 1); pointer-events: none; animation: gw-fade var(--gw-view-duration) ease-in reverse forwards; }
.gw-overlay[data-closing] .gw-dialog { animation: gw-dialog-in var(--gw-view-duration) ease-in reverse forwards; }
.gw-dialog[data-shake='true'] { animation: gw-shake 500ms ease-in-out; }
@keyframes gw-shake {
  10%, 90% { transform: translateX(-2px); } 20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); } 40%, 60% { transform: translateX(6px); }
}
.gw-header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 8px; border-bottom: 1px solid var(--gw-border); }
.gw-title { margin: 0; text-align: center; font-size: calc(var(--gw-font-base) * 1.6); font-weight: 600; animation: gw-fade var(--gw-header-duration) ease-out; }
.gw-icon-button {
  width: 32px; height: 32px; border: 0; border-radius: var(--gw-radius); background: transparent; color: var(--gw-fg-2);
  font-size: 18px; line-height: 1; cursor: pointer; display: inline-flex; align-items: center; justify-content: center; padding: 0;
}
.gw-icon-button:hover { background: var(--gw-bg-2); color: var(--gw-fg); }
.gw-body { overflow: hidden auto; transition: height var(--gw-height-duration) ease; }
.gw-body.gw-resizing { overflow-y: hidden; }
.gw-view { padding: 16px; animation: gw-view-in var(--gw-view-duration) ease-out; }
@keyframes gw-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes gw-view-in { from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; } }
.gw-banner {
  display: flex; align-items: center; gap: 8px; margin: 8px 8px 0; padding: 8px 10px; border-radius: var(--gw-radius);
  background: var(--gw-bg-2); border-inline-start: 3px solid var(--gw-fg-2); animation: gw-fade var(--gw-header-duration) ease-out;
}
.gw-banner[data-variant='success'] { border-inline-start-color: var(--gw-success); }
.gw-banner[data-variant='error'] { border-inline-start-color: var(--gw-error); }
.gw-banner-message { flex: 1; }
.gw-toast {
  position: fixed; left: 50%; bottom: 16px; transform: translateX(-50%); z-index: calc(var(--gw-z-index) + 1);
  box-sizing: border-box; width: min(340px, calc(100vw - 24px)); display: flex; align-items: center; gap: 10px; padding: 10px 12px;
  background: var(--gw-bg); color: var(--gw-fg); border: 1px solid var(--gw-border); border-inline-start: 3px solid var(--gw-fg-2);
  border-radius: var(--gw-radius); box-shadow: 0 8px 24px rgba(0,0,0,.2); animation: gw-fade var(--gw-header-duration) ease-out;
}
.gw-toast[data-variant='success'] { border-inline-start-color: var(--gw-success); }
.gw-toast[data-variant='error'] { border-inline-start-color: var(--gw-error); }
.gw-toast-main { display: flex; flex-direction: column; gap: 2px; flex: 1; min-width: 0; }
.gw-toast a { color: var(--gw-accent); }
.gw-button {
  box-sizing: border-box; display: flex; align-items: center; gap: 10px; width: 100%; padding: 10px 12px; margin: 0 0 8px;
  border: 1px solid var(--gw-border); border-radius: var(--gw-radius); background: var(--gw-bg-2); color: var(--gw-fg);
  font: inherit; text-align: start; cursor: pointer;
}
.gw-button:hover { border-color: var(--gw-accent); }
.gw-button[data-primary='true'] { background: var(--gw-accent); color: var(--gw-accent-text); border-color: var(--gw-accent); justify-content: center; }
.gw-button:disabled, .gw-button[aria-disabled='true'] { opacity: .55; cursor: not-allowed; }
.gw-muted { color: var(--gw-fg-2); }
.gw-empty { padding: 24px 8px; text-align: center; color: var(--gw-fg-2); }
.gw-badge { margin-inline-start: auto; font-size: .8em; padding: 2px 6px; border-radius: 999px; background: var(--gw-bg); color: var(--gw-fg-2); border: 1px solid var(--gw-border); }
.gw-error-text { color: var(--gw-error); }
.gw-mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.gw-wallet-icon { width: 28px; height: 28px; border-radius: 6px; flex: none; }
.gw-wallet-initial { display: inline-flex; align-items: center; justify-content: center; background: var(--gw-accent); color: var(--gw-accent-text); font-weight: 600; }
.gw-list { list-style: none; margin: 0; padding: 0; }
.gw-account { display: flex; flex-direction: column; align-items: stretch; }
.gw-account-head { display: flex; flex-direction: column; align-items: center; gap: 6px; margin-bottom: 6px; }
.gw-identicon { display: block; border-radius: 50%; object-fit: cover; }
.gw-account-name { margin: 0; font-size: 1.3em; font-weight: 600; }
.gw-account-address-row { display: flex; align-items: center; justify-content: center; gap: 2px; margin: 0; }
.gw-account-address { margin: 0; text-align: center; font-size: 1.15em; font-weight: 600; }
.gw-small-icon { width: 28px; height: 28px; font-size: 15px; display: inline-flex; align-items: center; justify-content: center; text-decoration: none; }
.gw-account-total { margin: 4px 0 0; text-align: center; font-size: 2.2em; font-weight: 600; }
.gw-placeholder-line { display: inline-block; width: 4em; height: 1em; vertical-align: middle; border-radius: 6px; background: var(--gw-bg-2); }
.gw-account-actions { display: flex; gap: 8px; }
.gw-account-actions .gw-button { justify-content: center; }
.gw-button[data-destructive='true'] { color: var(--gw-error); }
.gw-tabs-placeholder { height: 120px; }
.gw-account-balance { margin: 4px 0 14px; height: 1.5em; line-height: 1.5em; white-space: nowrap; text-align: center; color: var(--gw-fg-2); }
.gw-inline-retry { margin-inline-start: 6px; padding: 0; border: 0; background: none; font: inherit; line-height: inherit; color: var(--gw-accent); text-decoration: underline; cursor: pointer; }
:focus-visible { outline: 2px solid var(--gw-focus); outline-offset: 2px; }
.gw-wallet-placeholder {
  display: inline-flex; align-items: center; justify-content: center; color: #fff; font-size: 11px; font-weight: 600; letter-spacing: .02em;
}
.gw-wallet-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.gw-all-wallets-icon { display: inline-flex; align-items: center; justify-content: center; background: var(--gw-bg); border: 1px solid var(--gw-border); color: var(--gw-fg-2); }
.gw-account-balance-usd { margin: -12px 0 14px; text-align: center; font-size: .9em; }
.gw-loading-row { cursor: default; }
.gw-loading-row:hover { border-color: var(--gw-border); }
.gw-loading-block { display: inline-block; background: var(--gw-border); animation: gw-pulse 1.2s ease-in-out infinite alternate; }
.gw-loading-text { width: 45%; height: .9em; border-radius: var(--gw-radius); }
@keyframes gw-pulse { from { opacity: 1; } to { opacity: .45; } }
.gw-wallet-choices { border: 0; margin: 0; padding: 0; min-width: 0; }
.gw-connect { position: relative; }
.gw-connect-for { margin: 0 2px 10px; font-size: .9em; }
/* Laid over the view's top padding: showing it moves nothing. */
.gw-loading-bar { position: absolute; top: -10px; inset-inline: 0; height: 2px; overflow: hidden; border-radius: 1px; background: var(--gw-border); }
.gw-loading-bar::after { content: ''; position: absolute; inset-block: 0; width: 30%; background: var(--gw-accent); animation: gw-loading-bar 1s ease-in-out infinite; }
@keyframes gw-loading-bar { from { inset-inline-start: -30%; } to { inset-inline-start: 100%; } }
.gw-wallet-choices:disabled { opacity: .55; }
.gw-legal { margin: 12px 2px 0; font-size: .85em; color: var(--gw-fg-2); text-align: center; }
.gw-email-form { margin: 0 0 12px; }
.gw-email-row { display: flex; gap: 8px; }
.gw-email-row input {
  box-sizing: border-box; flex: 1; min-width: 0; padding: 9px 12px; border: 1px solid var(--gw-border); border-radius: var(--gw-radius);
  background: var(--gw-bg-2); color: var(--gw-fg); font: inherit;
}
.gw-email-row input:focus-visible { outline: none; border-color: var(--gw-accent); }
.gw-email-row .gw-button { flex: none; width: auto; margin: 0; padding: 0 14px; justify-content: center; }
.gw-socials { display: grid; grid-template-columns: repeat(auto-fill, minmax(88px, 1fr)); gap: 6px; margin: 0 0 12px; padding: 0; list-style: none; }
.gw-socials .gw-social { margin: 0; padding: 6px 8px; justify-content: center; gap: 6px; min-height: 36px; }
.gw-social-mark {
  display: inline-grid; place-items: center; width: 20px; height: 20px; border-radius: 6px; flex: none;
  background: var(--gw-accent); color: var(--gw-accent-text); font-weight: 700; font-size: .8em;
}
.gw-social-logo { flex: none; display: block; width: 20px; height: 20px; }
.gw-social-name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: .9em; }
.gw-otp { max-width: 12em; text-align: center; letter-spacing: .4em; font-variant-numeric: tabular-nums; font-size: 1.2em; }
.gw-legal a { color: var(--gw-accent); }
.gw-text-button { border: 0; background: none; padding: 2px 4px; font: inherit; color: var(--gw-fg); text-decoration: underline; cursor: pointer; }
.gw-legal-consent { display: flex; gap: 8px; align-items: flex-start; margin: 0 0 12px; text-align: start; color: var(--gw-fg); cursor: pointer; }
.gw-root[dir='rtl'] .gw-flip-rtl { transform: scaleX(-1); }
.gw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 430px) {
  .gw-overlay { align-items: flex-end; padding-top: 0; }
  /* On a phone the sheet rises from the bottom: the request feedback sits at the top instead. */
  .gw-toast { top: 12px; bottom: auto; }
  .gw-dialog { width: 100vw; height: var(--gw-sheet-height, 85vh); max-height: 100%; border-radius: calc(var(--gw-radius) * 3) calc(var(--gw-radius) * 3) 0 0; border-bottom: 0; }
  /* The sheet rises from the bottom edge. */
  .gw-dialog:not([data-shake='true']) { animation-name: gw-sheet-in; }
  @keyframes gw-sheet-in { from { transform: translateY(100%); } to { transform: none; } }
  .gw-overlay[data-closing] .gw-dialog { animation-name: gw-sheet-in; }
}
@media (prefers-reduced-motion: reduce) {
  .gw-overlay, .gw-dialog, .gw-title, .gw-view, .gw-banner, .gw-toast, .gw-body, .gw-loading-block, .gw-loading-bar::after { animation: none !important; transition: none !important; }
}
`
