/**
 * The ConnectButton's stylesheet. It lives in the host's page, not in the modal's shadow root,
 * so every rule is scoped under `.gw-cb.gw-cb` and resets what a host's element rules could
 * set (`all: unset`). Colours are the theme's variables (src/react/theme.ts) with the theme's
 * defaults as fallbacks, so a host's `--gw-*` values apply here as in the modal.
 */
export const CONNECT_BUTTON_CSS = `.gw-cb.gw-cb{all:unset;display:inline-flex;align-items:center;gap:8px;vertical-align:middle;
--gw-cb-a:var(--gw-accent,#3366ff);--gw-cb-at:var(--gw-accent-text,#ffffff);--gw-cb-bg:var(--gw-bg,#ffffff);--gw-cb-bg2:var(--gw-bg-2,#f1f3f5);
--gw-cb-fg:var(--gw-fg,#141414);--gw-cb-fg2:var(--gw-fg-2,#5c6470);--gw-cb-bd:var(--gw-border,#e3e6ea);--gw-cb-err:var(--gw-error,#c6283b);--gw-cb-fo:var(--gw-focus,#3366ff)}
.gw-cb.gw-cb[data-theme=dark]{--gw-cb-a:var(--gw-accent,#6b8cff);--gw-cb-at:var(--gw-accent-text,#0d1117);--gw-cb-bg:var(--gw-bg,#18191b);--gw-cb-bg2:var(--gw-bg-2,#242629);
--gw-cb-fg:var(--gw-fg,#f2f3f5);--gw-cb-fg2:var(--gw-fg-2,#a2a8b1);--gw-cb-bd:var(--gw-border,#32353a);--gw-cb-err:var(--gw-error,#ff6b7d);--gw-cb-fo:var(--gw-focus,#8ea8ff)}
.gw-cb.gw-cb .gw-cb-btn{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:0 12px;
border:1px solid var(--gw-cb-bd);border-radius:calc(var(--gw-radius,4px) * 2);background:var(--gw-cb-bg);color:var(--gw-cb-fg);
font:600 14px/1.2 var(--gw-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);cursor:pointer;white-space:nowrap}
.gw-cb.gw-cb .gw-cb-btn:hover{background:var(--gw-cb-bg2)}
.gw-cb.gw-cb .gw-cb-btn:focus-visible{outline:2px solid var(--gw-cb-fo);outline-offset:2px}
.gw-cb.gw-cb .gw-cb-btn[data-primary]{background:var(--gw-cb-a);border-color:var(--gw-cb-a);color:var(--gw-cb-at)}
.gw-cb.gw-cb .gw-cb-btn[data-wrong]{background:var(--gw-cb-err);border-color:var(--gw-cb-err);color:var(--gw-cb-bg)}
.gw-cb.gw-cb .gw-cb-icon{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;flex:none;
width:20px;height:20px;border-radius:50%;object-fit:cover;font-size:9px;font-weight:600;line-height:1;color:#fff}
.gw-cb.gw-cb .gw-cb-muted{all:unset;color:var(--gw-cb-fg2);font-weight:500}
.gw-cb.gw-cb .gw-cb-sr{all:unset;position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.gw-cb.gw-cb[data-mounted=false]{opacity:0;pointer-events:none;user-select:none}`
