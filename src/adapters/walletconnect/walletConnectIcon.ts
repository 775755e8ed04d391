const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="#3396ff"/>' +
  '<path d="M29.6 36.3c10.1-9.9 26.6-9.9 36.7 0l1.2 1.2c.5.5.5 1.3 0 1.8l-4.2 4.1c-.3.2-.7.2-.9 0l-1.7-1.6c-7.1-6.9-18.5-6.9-25.6 0l-1.8 1.8c-.3.2-.7.2-.9 0l-4.2-4.1c-.5-.5-.5-1.3 0-1.8l1.4-1.4zm45.4 8.5 3.7 3.6c.5.5.5 1.3 0 1.8L61.9 66.6c-.5.5-1.3.5-1.8 0L48.2 55c-.1-.1-.3-.1-.5 0L35.8 66.6c-.5.5-1.3.5-1.8 0L17.3 50.2c-.5-.5-.5-1.3 0-1.8l3.7-3.6c.5-.5 1.3-.5 1.8 0l11.9 11.6c.1.1.3.1.5 0l11.9-11.6c.5-.5 1.3-.5 1.8 0l11.9 11.6c.1.1.3.1.5 0l11.9-11.6c.5-.5 1.3-.5 1.8 0z" fill="#fff"/></svg>'

/** The WalletConnect mark as a data URL: the connector's icon, shown without any request. */
export const WALLET_CONNECT_ICON = `data:image/svg+xml,${encodeURIComponent(SVG)}`
