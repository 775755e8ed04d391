import type { Browser } from 'playwright-core'

/** Where a host app's modal content appears once open. */
export type ContentTarget = {
  /** An element whose open shadow root holds the content; the document itself when absent. */
  host?: string
  /** The content that counts as visible, inside the shadow root or the document. */
  selector: string
  /** The button that opens the modal (default `#open`, the host's own). */
  button?: string
}

export type PageRun = {
  /** From the click event's timestamp to the page's first click listener: input delivery, no app code yet. */
  inputDelayMs: number
  /** From the click event's timestamp to the moment the content is in the DOM with a box (not hidden). */
  clickToDomMs: number
  /** From the click event's timestamp to the first animation frame after that. */
  clickToFrameMs: number
  /** V8 heap in use after the modal opened and a full GC. */
  heapBytes: number
  /** Requests to hosts other than 127.0.0.1 (aborted, never sent). */
  externalBeforeClick: string[]
  externalAfterClick: string[]
  /** JS files the page fetched before the click, by path. */
  scriptsBeforeClick: string[]
  /** Of those, the ones the page started fetching before its load event (resource timing). */
  scriptsBeforeLoad: string[]
  /** Of those, the ones started after the load event: idle prefetches, off the start-up path. */
  scriptsAfterLoad: string[]
  /** JS files the click made the page fetch (code split off the initial load). */
  scriptsAfterClick: string[]
}

/**
 * Runs in the page before its own scripts. It notes the click's timestamp, watches the document
 * (and the host's shadow root once it appears) for the content, and on the first animation
 * frame after the content is there with a box (content rendered ahead, hidden, does not count)
 * records the time. Kept as source text so the page gets it
 * exactly as written.
 */
const PROBE = (target: ContentTarget) => `(() => {
  const target = ${JSON.stringify(target)};
  const result = { click: -1, listener: -1, dom: -1, frame: -1 };
  window.__bench = result;
  const scope = () => target.host ? (document.querySelector(target.host) || {}).shadowRoot || null : document;
  const watched = new WeakSet();
  const check = () => {
    if (target.host) { const root = scope(); if (root) watch(root); }
    if (result.click < 0 || result.dom >= 0) return;
    const root = scope();
    const content = root && root.querySelector(target.selector);
    // Content counts once it has a box: a prerendered, hidden one (display: none) does not.
    if (!content || content.getClientRects().length === 0) return;
    result.dom = performance.now();
    requestAnimationFrame(() => { result.frame = performance.now(); });
  };
  const watch = (node) => {
    if (watched.has(node)) return;
    watched.add(node);
    new MutationObserver(check).observe(node, { subtree: true, childList: true, attributes: true });
  };
  addEventListener('click', (e) => {
    if (result.click >= 0) return;
    result.listener = performance.now();
    result.click = e.timeStamp;
    check();
  }, true);
  watch(document);
})();`

/** Loads a built host app in a fresh context, clicks its open button and measures the modal. */
export async function measureHostApp(browser: Browser, url: string, target: ContentTarget): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    let clicked = false
    const externalBeforeClick: string[] = []
    const externalAfterClick: string[] = []
    const scriptsBeforeClick: string[] = []
    const scriptsAfterClick: string[] = []
    // Nothing leaves the machine: other hosts are counted and aborted.
    await context.route('**/*', async (route) => {
      const requested = new URL(route.request().url())
      if (requested.hostname === '127.0.0.1') return route.continue()
      ;(clicked ? externalAfterClick : externalBeforeClick).push(requested.href)
      return route.abort()
    })
    await context.addInitScript({ content: PROBE(target) })
    const page = await context.newPage()
    page.on('websocket', (ws) => (clicked ? externalAfterClick : externalBeforeClick).push(ws.url()))
    page.on('request', (request) => {
      if (request.resourceType() === 'script') (clicked ? scriptsAfterClick : scriptsBeforeClick).push(new URL(request.url()).pathname)
    })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      // Requests to other hosts are aborted here on purpose (a host app's API, a relay): the
      // browser's own report of that is not a page error.
      if (m.type() === 'error' && !/^Failed to load resource|ERR_FAILED|ERR_NAME_NOT_RESOLVED|WebSocket connection to 'wss?:\/\/(?!127\.0\.0\.1)/.test(m.text())) errors.push(m.text())
    })

    await page.goto(url, { waitUntil: 'load' })
    await page.waitForSelector(target.button ?? '#open')
    if (target.host) await page.waitForSelector(target.host, { state: 'attached' })
    // Let start-up work (storage reads, effects) settle, as a visitor's first click would.
    await page.waitForLoadState('networkidle')
    const timing = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const load = nav && nav.loadEventStart > 0 ? nav.loadEventStart : Infinity;
      return performance.getEntriesByType('resource')
        .map((e) => ({ path: new URL(e.name).pathname, beforeLoad: e.startTime < load }))
        .filter((e) => e.path.endsWith('.js'));
    })()`)) as { path: string; beforeLoad: boolean }[]
    clicked = true
    await page.click(target.button ?? '#open')
    await page.waitForFunction('window.__bench.frame >= 0', undefined, { timeout: 10_000 })
    const probe = (await page.evaluate('window.__bench')) as { click: number; listener: number; dom: number; frame: number }

    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    await cdp.detach()
    if (errors.length > 0) throw new Error(`${url}: page errors: ${errors.join('; ')}`)
    return {
      inputDelayMs: probe.listener - probe.click,
      clickToDomMs: probe.dom - probe.click,
      clickToFrameMs: probe.frame - probe.click,
      heapBytes: heap.usedSize,
      externalBeforeClick,
      externalAfterClick,
      scriptsBeforeClick,
      scriptsBeforeLoad: timing.filter((t) => t.beforeLoad).map((t) => t.path),
      scriptsAfterLoad: timing.filter((t) => !t.beforeLoad).map((t) => t.path),
      scriptsAfterClick,
    }
  } finally {
    await context.close()
  }
}
