import { createContext, createElement, useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactElement, type RefObject } from 'react'
import { adoptStyleSheet, canAdoptStyleSheets, type StyleRoot } from './adoptStyleSheet.js'

/**
 * Where the stylesheets of the components below go, and the nonce a fallback `<style>` carries.
 * The modal's UI gives its shadow root; without a provider, a component's sheet goes to the
 * root node of its anchor, else to the document.
 */
export type StyleTarget = { root: StyleRoot | null; nonce: string | undefined }

export const StyleTargetContext = createContext<StyleTarget>({ root: null, nonce: undefined })

const noSubscription = () => () => undefined
// No layout effect on the server (React 18 warns about one there); nothing is adopted there anyway.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/** A document or a shadow root, told apart by node type (it may come from another window). */
function styleRootOf(node: Node | undefined): StyleRoot | null {
  return node && (node.nodeType === 9 || node.nodeType === 11) && 'adoptedStyleSheets' in node ? (node as StyleRoot) : null
}

export type StyleSheetOptions = {
  /** The nonce of the page's Content-Security-Policy for the fallback `<style>` (default: the context's). */
  nonce?: string | undefined
  /**
   * An element the calling component renders: the sheet goes to its root node (a shadow root a
   * host renders it into, else the document). Without it: the context's root, else the document.
   */
  anchor?: RefObject<Element | null>
}

/**
 * Styles the calling component with `css` in a way a strict Content-Security-Policy allows. In a
 * browser with constructable stylesheets the sheet (one per text, shared) is adopted by the
 * component's root from its first layout on and released when it unmounts; the hook then returns
 * null. On the server, while the server's markup hydrates, and where stylesheets cannot be
 * adopted, it returns a `<style>` element carrying the nonce, for the component to render.
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null)
 * const style = useStyleSheet(BUTTON_CSS, { nonce: modal.options.cspNonce, anchor: ref })
 * return <div ref={ref}>{style}…</div>
 */
export function useStyleSheet(css: string, { nonce, anchor }: StyleSheetOptions = {}): ReactElement | null {
  const target = useContext(StyleTargetContext)
  // false on the server and while hydrating (the server's <style> must still be there to match),
  // true in the browser after that and at once in a client-only render.
  const client = useSyncExternalStore(noSubscription, () => true, () => false)
  const [refused, setRefused] = useState(false)
  const adopting = client && !refused && canAdoptStyleSheets()
  useClientLayoutEffect(() => {
    if (!adopting) return
    // Runs after the anchor's ref is set: the caller's layout effects follow its elements' refs.
    const root = styleRootOf(anchor?.current?.getRootNode()) ?? target.root ?? document
    try {
      return adoptStyleSheet(root, css)
    } catch {
      // A root that refuses the sheet (a document of another window without the API): a <style> then.
      setRefused(true)
      return undefined
    }
  }, [adopting, css, anchor, target.root])
  return adopting ? null : createElement('style', { nonce: nonce ?? target.nonce }, css)
}

/**
 * Renders `useStyleSheet(css)` where a component has no element of its own to anchor it: its
 * sheet goes to the root of `StyleTargetContext` (the modal's shadow root), else the document.
 *
 * @example
 * <><StyleSheet css={LAZY_VIEW_CSS} /><View {...props} /></>
 */
export function StyleSheet({ css }: { css: string }): ReactElement | null {
  return useStyleSheet(css)
}
