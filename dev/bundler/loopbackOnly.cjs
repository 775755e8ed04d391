// Preloaded (`node --require`) into the bundler child by startBundler: alto listens on 0.0.0.0
// with no option to change it, and a dev bundler holding funded keys has no business on other
// interfaces. Every server this process opens on all interfaces listens on 127.0.0.1 instead.
'use strict'
const net = require('node:net')

const ALL_INTERFACES = new Set(['0.0.0.0', '::', undefined])
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args
  if (first !== null && typeof first === 'object' && !Array.isArray(first) && first.path === undefined && ALL_INTERFACES.has(first.host)) {
    args[0] = { ...first, host: '127.0.0.1' }
  }
  return listen.apply(this, args)
}
