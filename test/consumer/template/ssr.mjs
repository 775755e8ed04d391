// Server render of the built app (vite build --ssr) in plain Node without NODE_ENV, with
// recording stand-ins for the browser's storage: nothing may be read or written on the server.
const touched = []
const recorder = (name) =>
  new Proxy({}, { get: (_, key) => (typeof key === 'string' ? (...args) => void touched.push(`${name}.${key}(${args.map(String).join(', ')})`) : undefined) })
for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) {
  Object.defineProperty(globalThis, name, { value: recorder(name), configurable: true, writable: true })
}
const { render } = await import(process.argv[2])
const { version: react } = await import('react')
const html = render()
await new Promise((r) => setTimeout(r, 100))
process.stdout.write(JSON.stringify({ node: process.versions.node, nodeEnv: process.env.NODE_ENV ?? null, react, html, touched }))
