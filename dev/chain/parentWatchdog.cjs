// Preloaded (`node --require`) into each hardhat child by startChains. The parent keeps the
// write end of our stdin open; when the parent dies for any reason (even SIGKILL) the pipe
// closes and this child exits, so no orphaned node keeps holding its port.
'use strict'
const exit = () => process.exit(0)
process.stdin.on('end', exit)
process.stdin.on('close', exit)
process.stdin.on('error', exit)
process.stdin.resume()
