// Imported first by main.tsx, so the bundler places it first in the entry chunk: this runs as
// the page's own script starts executing, before React, Gangway or the host's code.
;(window as unknown as { __scriptStart: number }).__scriptStart = performance.now()
