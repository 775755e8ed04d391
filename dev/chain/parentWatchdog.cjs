// Preloaded (`node --require`) into each hardhat child by startChains, and into the bundler and
// paymaster children by startBundler. The parent keeps the write end of our stdin open; when the
// parent dies for any reason (even SIGKILL) the pipe closes and this child exits, so no orphaned
// node keeps holding its port.
'use strict'
// Why only the main thread: worker threads inherit `--require`, and a worker's process.stdin
// ends at once, which would end the worker (alto's logger runs in one).
if (require('node:worker_threads').isMainThread) {
  const exit = () => process.exit(0)
  process.stdin.on('end', exit)
  process.stdin.on('close', exit)
  process.stdin.on('error', exit)
  process.stdin.resume()
}
