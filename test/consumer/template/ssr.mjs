// Server render of the built app (vite build --ssr) in plain Node without NODE_ENV, with
// recording stand-ins for the browser's storage: nothing may be read or written on the server.
const touched = []
const recorder = (name) =>
  new Proxy({}, { get: (_, key) => (typeof key === 'string' ? (...args) => void touched.push(`${name}.${key}(${args.map(String).join(', ')})`) : undefined) })
for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {
  Object.defineProperty(globalThis, name, { value: recorder(name), configurable: true, writable: true })
}
const { render, renderCsp, modal } = await import(process.argv[2])
const { version: react } = await import('react')
const html = render()
// The strict-CSP page for a request whose nonce is the third argument, when given.
const cspHtml = process.argv[3] ? renderCsp(process.argv[3]) : null
// What the modal does after the render (its start-up) is over once it is ready.
await modal.ready
process.stdout.write(JSON.stringify({ node: process.versions.node, nodeEnv: process.env.NODE_ENV ?? null, react, html, cspHtml, touched }))
