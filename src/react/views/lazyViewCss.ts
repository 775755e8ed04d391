/**
 * The styles only the lazily loaded views use (wallet list, connecting, profile rows). They load
 * with those views and are rendered inside the view, so the stylesheet the modal needs for its
 * first frame stays small. Same variables as `MODAL_CSS`.
 */
export const LAZY_VIEW_CSS = `
.gw-row { display: flex; align-items: center; gap: 10px; padding: 8px 0; border-bottom: 1px solid var(--gw-border); }
.gw-row-main { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.gw-name-zone { align-self: center; }
.gw-name-suggestions { display: flex; flex-direction: column; gap: 6px; }
.gw-name-suggestions .gw-button { margin: 0; }
.gw-sessions-note { padding: 16px 4px; text-align: center; }
.gw-session .gw-badge { margin-inline-start: 6px; }
.gw-link-button { border: 0; background: none; color: var(--gw-accent); font: inherit; cursor: pointer; padding: 4px; }
.gw-connecting { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; }
.gw-connecting .gw-wallet-icon { width: 64px; height: 64px; border-radius: 14px; font-size: 28px; }
.gw-progress-ring { position: relative; display: inline-flex; padding: 6px; border-radius: 22px; }
.gw-progress-ring[data-active='true']::after {
  content: ''; position: absolute; inset: 0; border-radius: inherit; border: 3px solid transparent;
  border-top-color: var(--gw-accent); border-right-color: var(--gw-accent); animation: gw-spin 1s linear infinite;
}
@keyframes gw-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  /* Still: a full ring says "waiting" without moving. */
  .gw-progress-ring[data-active='true']::after { animation: none; border-color: var(--gw-accent); opacity: .5; }
}
.gw-connecting-title { margin: 4px 0 0; font-weight: 600; }
/* A link that acts as a button (a provider's page opened again) looks like the buttons beside it. */
.gw-connecting a.gw-button { text-decoration: none; }
.gw-receive-address { margin: 4px 0 0; max-width: 100%; overflow-wrap: anywhere; text-align: center; user-select: all; }
.gw-search {
  box-sizing: border-box; width: 100%; padding: 9px 12px; border: 1px solid var(--gw-border); border-radius: var(--gw-radius);
  background: var(--gw-bg-2); color: var(--gw-fg); font: inherit;
}
.gw-search:focus-visible { outline: none; border-color: var(--gw-accent); }
.gw-send { display: flex; flex-direction: column; gap: 12px; }
.gw-send > .gw-button { margin: 0; justify-content: center; }
.gw-field { display: flex; flex-direction: column; gap: 4px; }
.gw-field-label { font-weight: 600; font-size: .9em; }
.gw-field-row { display: flex; gap: 8px; }
.gw-field-row .gw-search { flex: 1; min-width: 0; }
.gw-field-row > .gw-token-icon { align-self: center; }
.gw-button-inline { flex: none; width: auto; padding: 0 14px; justify-content: center; }
.gw-summary { display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; margin: 0; }
.gw-summary dt { color: var(--gw-fg-2); }
.gw-summary dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
/* A requested permission's terms above its details, the width of the view. */
.gw-permission { align-self: stretch; display: flex; flex-direction: column; gap: 8px; text-align: start; }
.gw-list-summary { margin: 8px 2px; font-size: .85em; }
.gw-wallet-list { border: 1px solid var(--gw-border); border-radius: var(--gw-radius); outline: none; overscroll-behavior: contain; }
.gw-wallet-list:focus-visible { border-color: var(--gw-focus); }
.gw-wallet-row {
  box-sizing: border-box; display: flex; align-items: center; gap: 10px; height: 100%; padding: 0 12px; cursor: pointer;
  border-bottom: 1px solid var(--gw-border);
}
.gw-wallet-row:hover, .gw-wallet-row[data-active='true'] { background: var(--gw-bg-2); }
.gw-wallet-list:focus-visible .gw-wallet-row[data-active='true'] { box-shadow: inset 3px 0 0 var(--gw-accent); }
.gw-list-footer { justify-content: center; cursor: default; border-bottom: 0; }
.gw-wallet-grid-row, .gw-wallet-grid-state { box-sizing: border-box; display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 4px; padding: 4px 6px; }
.gw-wallet-grid-row { height: 100%; }
.gw-wallet-grid-heading { box-sizing: border-box; height: 100%; margin: 0; padding: 10px 10px 0; font-size: .8em; font-weight: 600; color: var(--gw-fg-2); }
.gw-wallet-tile {
  box-sizing: border-box; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 6px;
  min-width: 0; padding: 6px 2px; border-radius: var(--gw-radius); cursor: pointer;
}
.gw-wallet-tile:hover, .gw-wallet-tile[data-active='true'] { background: var(--gw-bg-2); }
.gw-wallet-list:focus-visible .gw-wallet-tile[data-active='true'] { box-shadow: inset 0 0 0 2px var(--gw-accent); }
.gw-tile-icon { position: relative; display: inline-flex; }
.gw-tile-icon .gw-wallet-icon { width: 48px; height: 48px; border-radius: 30%; font-size: 15px; }
.gw-tile-certified {
  position: absolute; inset-inline-end: -4px; bottom: -4px; width: 16px; height: 16px; border-radius: 50%; box-sizing: border-box;
  display: inline-flex; align-items: center; justify-content: center; background: var(--gw-accent); color: var(--gw-accent-text); border: 2px solid var(--gw-bg);
}
.gw-wallet-tile .gw-wallet-name { max-width: 100%; font-size: .8em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; text-align: center; }
.gw-skeleton { background: linear-gradient(90deg, var(--gw-bg-2), var(--gw-bg), var(--gw-bg-2)); background-size: 200% 100%; animation: gw-shimmer 1.2s linear infinite; cursor: default; }
@keyframes gw-shimmer { from { background-position: 200% 0; } to { background-position: 0 0; } }
@media (prefers-reduced-motion: reduce) {
  .gw-skeleton { animation: none !important; transition: none !important; }
}
.gw-swap { position: relative; }
.gw-swap-field { display: flex; flex-direction: column; gap: 4px; padding: 10px 12px; border: 1px solid var(--gw-border); border-radius: var(--gw-radius); background: var(--gw-bg-2); }
.gw-swap-field .gw-search { background: var(--gw-bg); font-size: 1.15em; }
.gw-swap-token { gap: 6px; min-width: 96px; }
.gw-swap-meta { display: flex; justify-content: space-between; gap: 8px; margin: 0; font-size: .85em; min-height: 1.4em; }
.gw-swap-meta .gw-link-button { color: var(--gw-fg); font-weight: 600; text-decoration: underline; padding: 0; padding-inline-start: 6px; }
.gw-swap-worth { display: block; font-size: .85em; }
.gw-swap-switch { align-self: center; margin: -8px 0; z-index: 1; background: var(--gw-bg); border: 1px solid var(--gw-border); }
.gw-token-icon { display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; border-radius: 50%; background: var(--gw-bg-2); font-size: .8em; font-weight: 600; flex: none; }
img.gw-token-icon { object-fit: cover; }
.gw-token-list { display: flex; flex-direction: column; gap: 4px; max-height: 320px; overflow-y: auto; }
.gw-token-row { margin: 0; gap: 10px; text-align: start; }
.gw-onramp-quotes { display: flex; flex-direction: column; gap: 6px; }
.gw-onramp-quote[aria-pressed='true'] { border-color: var(--gw-accent); box-shadow: inset 0 0 0 1px var(--gw-accent); }
.gw-onboarding-points { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 14px; }
.gw-onboarding-points li { display: flex; gap: 12px; align-items: flex-start; }
.gw-onboarding-points svg { flex: none; color: var(--gw-accent); margin-top: 2px; }
.gw-onboarding-points strong { font-weight: 600; }
.gw-get-links { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; align-self: stretch; }
.gw-get-links .gw-button { margin: 0; justify-content: space-between; text-decoration: none; }
`
