// The headless core: importing `gangway-kit` (and creating a modal) must not load React or touch
// DOM globals. A loader hook records every module Node loads.
import { register } from 'node:module'
const seen = []
const { port1, port2 } = new MessageChannel()
port1.on('message', (url) => seen.push(url))
port1.unref()
register('data:text/javascript,' + encodeURIComponent(`
let port
export function initialize(data) { port = data.port }
export async function resolve(specifier, context, next) { const r = await next(specifier, context); port.postMessage(r.url); return r }
`), { data: { port: port2 }, transferList: [port2] })
const gangway = await import('gangway-kit')
const modal = gangway.createModal({ projectId: 'p' })
await modal.ready
modal.destroy()
// Every module resolved so far has been posted by now: the hook posts in order, and this one is last.
const sentinel = 'data:text/javascript,export default 1'
const arrived = new Promise((resolve) => port1.on('message', (url) => url === sentinel && resolve()))
port1.ref()
await import(sentinel)
await arrived
port1.unref()
const react = seen.filter((url) => /\/node_modules\/(react|react-dom)\//.test(url))
process.stdout.write(JSON.stringify({ modules: seen.filter((url) => url !== sentinel).length, react }))
