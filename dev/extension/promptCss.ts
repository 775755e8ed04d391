/** The dev wallets' approve / reject prompt stylesheet, in the wallet's accent colour. */
export const devWalletPromptCss = (accent: string): string => `
.panel { width: 320px; box-sizing: border-box; padding: 14px; border-radius: 12px; background: #fff; color: #111;
  font: 13px/1.4 system-ui, sans-serif; box-shadow: 0 8px 30px rgba(0,0,0,.25); border: 1px solid #ddd; }
.header { display: flex; align-items: center; gap: 8px; margin-bottom: 8px; }
.header img { border-radius: 5px; }
.method { font-family: ui-monospace, monospace; font-weight: 600; }
.origin { color: #666; margin-bottom: 6px; }
.details { max-height: 120px; overflow: auto; margin: 0 0 10px; padding: 6px; background: #f4f4f5; border-radius: 6px;
  white-space: pre-wrap; word-break: break-all; font-size: 11px; }
.queue { color: #666; font-size: 11px; margin-bottom: 6px; }
.buttons { display: flex; gap: 8px; justify-content: flex-end; }
button { padding: 6px 14px; border-radius: 8px; border: 1px solid #ccc; background: #fff; cursor: pointer; font: inherit; }
button.approve { background: ${accent}; border-color: ${accent}; color: #fff; }
`
