// What the local stack's server-made pages (inbox, sign-in, Farcaster client, on-ramp provider)
// put into HTML: text escaped, data that cannot break out of its script element.

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON that cannot end its `<script>` element or start markup inside it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
