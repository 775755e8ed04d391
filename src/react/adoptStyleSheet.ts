/** A document or a shadow root: what can adopt constructed stylesheets. */
export type StyleRoot = Document | ShadowRoot

/** One constructed sheet per stylesheet text, per window (a sheet adopts only into its own window's documents). */
const sheets = new WeakMap<typeof CSSStyleSheet, Map<string, CSSStyleSheet>>()
/** How many mounted components use each sheet a root adopted: it leaves when the last one unmounts. */
const users = new WeakMap<StyleRoot, Map<CSSStyleSheet, number>>()

/**
 * True where stylesheets can be constructed and adopted (Chrome 73+, Firefox 101+, Safari 16.4+):
 * a Content Security Policy without 'unsafe-inline' does not block them, as it blocks `<style>`.
 * False on the server and in older browsers, which get a `<style>` element instead.
 *
 * @example
 * canAdoptStyleSheets() // true in a current browser, false in Node
 */
export function canAdoptStyleSheets(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    'adoptedStyleSheets' in document
  )
}

function sharedSheet(root: StyleRoot, css: string): CSSStyleSheet {
  const doc = 'defaultView' in root ? root : root.ownerDocument
  const Sheet = (doc.defaultView as (Window & { CSSStyleSheet?: typeof CSSStyleSheet }) | null)?.CSSStyleSheet ?? CSSStyleSheet
  let byText = sheets.get(Sheet)
  if (!byText) sheets.set(Sheet, (byText = new Map()))
  let sheet = byText.get(css)
  if (!sheet) {
    sheet = new Sheet()
    sheet.replaceSync(css)
    byText.set(css, sheet)
  }
  return sheet
}

/**
 * Adds the stylesheet of `css` to `root`'s adopted stylesheets, after those already there (as a
 * `<style>` rendered later would come), and returns the function that releases it. The sheet is
 * built once per text and shared by every root and component that uses it; a root keeps it
 * while any user holds it, then drops it, as a `<style>` leaves with its component. Throws where
 * a sheet cannot be adopted (see `canAdoptStyleSheets`).
 *
 * @example
 * const release = adoptStyleSheet(host.shadowRoot!, MODAL_CSS)
 * release() // the last user: the shadow root drops the sheet
 */
export function adoptStyleSheet(root: StyleRoot, css: string): () => void {
  const sheet = sharedSheet(root, css)
  let count = users.get(root)
  if (!count) users.set(root, (count = new Map()))
  const held = count.get(sheet) ?? 0
  if (held === 0 && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  count.set(sheet, held + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (count.get(sheet) ?? 1) - 1
    if (left > 0) {
      count.set(sheet, left)
      return
    }
    count.delete(sheet)
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
  }
}
