/**
 * Core benchmark: reducer throughput, replay of a 100,000-event log, the memory such a log
 * holds, and dispatch through a live modal store.
 *
 *   npx tsx --expose-gc bench/core.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx --expose-gc bench/core.bench.ts --no-write (prints only)
 */
import { pathToFileURL } from 'node:url'
import { createMemoryStorage } from '../src/adapters/storage/memoryStorage'
import { createModal, type Modal } from '../src/createModal'
import { batchedCalls, names, onramp, pay, smartSessions, swaps } from '../src/features'
import { EventLog, type LogSnapshot } from '../src/core/eventLog'
import type { StampedEvent } from '../src/core/events/defineEvent'
import { isDeepStrictEqual } from 'node:util'
import { composeFeatures } from '../src/core/features/composeFeatures'
import { BUILT_IN_FEATURES } from '../src/core/features/builtInFeatures'
import type { RootReducer } from '../src/core/reducers/createRootReducer'
import { initialState, rootReducer as developmentReducer } from '../src/core/reducers/rootReducer'
import { type ModalState } from '../src/core/state'
import { benchChainAdapter } from './support/benchChainAdapter'
import { handWrittenReducer } from './support/handWrittenReducer'
import { machineNote, today } from './support/machineNote'
import { median } from './support/median'
import { spread, type Spread } from './support/spread'
import { type InterleavedTimes, timeInterleaved } from './support/timeInterleaved'
import { EVENT_SPACING_MS, stampedVisitorEvents, visitorEvents } from './support/visitorEvents'
import { writeResultsSection } from './support/writeResultsSection'

export type CoreBenchOptions = {
  /** Events in the replayed and measured logs (the issue asks for 100,000). */
  logEvents?: number
  /** Events dispatched per live run. */
  liveEvents?: number
  /** Timed runs of the ratio to the floor and of live dispatch; the median is reported with the spread. */
  runs?: number
  /** Timed runs of the other figures (development fold, replay, per-type costs; memory: at least 3). */
  otherRuns?: number
  /** Events per batch when contenders are timed interleaved. */
  batchEvents?: number
}

/** A figure timed per run both ways: CPU time of the process, and the wall clock. */
export type Measured = { cpu: Spread; wall: Spread }

export type CoreResults = {
  logEvents: number
  liveEvents: number
  runs: number
  otherRuns: number
  batchEvents: number
  /**
   * The fold of `logEvents` events of the mix, ms per run. rootReducer and the floor are timed
   * interleaved in batches of `batchEvents`, so each run's two figures share the machine's conditions.
   */
  fold: {
    /** rootReducer (production: no freezing). */
    rootMs: Measured
    /** A hand-written switch reducer over the same state shape (the floor). */
    floorMs: Measured
    /** rootReducer's time over the floor's, per run: the figure the targets are set on. */
    ratio: Measured
    /** rootReducer with development's deep freezing on (timed on its own). */
    developmentMs: Measured
  }
  /** Mean cost of one event of each type inside the mix, microseconds, slowest first. */
  perTypeMicros: { type: string; micros: number; share: number }[]
  /** EventLog.load of an unbounded snapshot (replay keeping every event, and a state every 32), ms. */
  loadMs: Spread
  /** The devtools import: every event validated, then loaded, ms. */
  importMs: Spread
  memory: { label: string; maxBytes: number; eventsKept: number; logBytes: number; heapBytes: number; appendMs: number }[]
  /**
   * Dispatching `liveEvents` events through createModal's store, ms per run: a modal with the
   * default log budget and one with no budget (which isolates what folding the oldest events
   * costs), in alternate runs.
   */
  live: { boundedMs: Measured; unboundedMs: Measured }
  /** Events the store reduced during one live run: the dispatched ones plus what effects emitted at once. */
  liveProcessed: number
  /** Log budget a default modal uses. */
  defaultMaxBytes: number
  /** Each built-in feature's slices, and those the mix's events reach. */
  coverage: { feature: string; slices: string[]; reached: string[] }[]
}

const gc = (globalThis as { gc?: () => void }).gc

function collect(): void {
  if (!gc) throw new Error('Run with --expose-gc (npx tsx --expose-gc bench/core.bench.ts): memory figures need a forced GC')
  for (let i = 0; i < 3; i++) gc()
}

/** CPU time the process spent on `fn`, ms (see timeInterleaved: on a shared machine the wall clock measures the load). */
function time(fn: () => void): number {
  const t = process.cpuUsage()
  fn()
  const { user, system } = process.cpuUsage(t)
  return (user + system) / 1000
}

/** The root reducer as a production build runs it: no deep freezing. */
const rootReducer: RootReducer = composeFeatures<any>(BUILT_IN_FEATURES, { autoFreeze: false }).reducer

type Reducer = (s: ModalState, e: StampedEvent) => ModalState

function fold(events: readonly StampedEvent[], reducer: Reducer = rootReducer): ModalState {
  let state = initialState()
  for (const e of events) state = reducer(state, e)
  return state
}

/** Rounds of live dispatch (both modals) run untimed before the timed ones. */
export const LIVE_WARMUP_RUNS = 5

/** Runs the core benchmark and returns its figures. */
export async function runCoreBench(options: CoreBenchOptions = {}): Promise<CoreResults> {
  const logEvents = options.logEvents ?? 100_000
  const liveEvents = options.liveEvents ?? 20_000
  const runs = options.runs ?? 15
  const otherRuns = options.otherRuns ?? 5
  const batchEvents = options.batchEvents ?? 1_000

  // Live dispatch first, in a fresh heap: the 100,000-event logs built below would otherwise
  // weigh on its collections, which a host's page never carries.
  const inputs = [...visitorEvents(liveEvents)]
  const warmup = inputs.slice(0, 4_000)
  // One modal per run, as a page has one: the bounded and the unbounded modal take turns run
  // by run (which goes first alternates), so neither always meets the machine's busier moments.
  const variants = [{}, { maxLogBytes: Number.POSITIVE_INFINITY }]
  const liveSamples = variants.map(() => ({ cpuMs: [] as number[], wallMs: [] as number[] }))
  let liveProcessed = 0
  // Untimed rounds first: the store's code reaches its optimised form over several modals (a
  // fresh process measured ~70,000, ~140,000, ~180,000 events/s in its first three runs, then
  // 220,000–280,000 from the fifth on), as in a page that has been running a while.
  const warmupRuns = LIVE_WARMUP_RUNS
  for (let r = 0; r < runs + warmupRuns; r++) {
    for (const v of r % 2 === 0 ? [0, 1] : [1, 0]) {
      const modal = await benchModal(variants[v])
      // No forced collection here: right after forced full collections the same code measured
      // at about half its rate over the next 20,000 events (V8 sizes its heap down and grows it
      // back only as the work asks), which no running page sees. Untimed events bring the
      // fresh modal to where a page that has been running is.
      for (const e of warmup) modal.dispatch(e)
      const seqBefore = modal.timeTravel.log.lastSeq
      const { cpuMs, wallMs } = timeInterleaved([() => {
        for (const e of inputs) modal.dispatch(e)
      }], 1)
      if (v === 0) liveProcessed = modal.timeTravel.log.lastSeq - seqBefore
      if (r >= warmupRuns) {
        liveSamples[v]!.cpuMs.push(cpuMs[0] as number)
        liveSamples[v]!.wallMs.push(wallMs[0] as number)
      }
      modal.destroy()
    }
  }

  const events = [...stampedVisitorEvents(logEvents)]

  // Warm the reducers and the JIT on a slice of the mix before timing. The development reducer
  // runs only after the ratio is timed: it shares the slices' case functions, and frozen states
  // in their feedback would make them something a production page never runs.
  fold(events.slice(0, 20_000))
  fold(events.slice(0, 20_000), handWrittenReducer)

  // The floor must compute the same states, or the comparison means nothing.
  if (!isDeepStrictEqual(fold(events, handWrittenReducer), fold(events))) throw new Error('the hand-written reducer does not match rootReducer')

  // The two folds advance side by side, batch by batch, each from its own state.
  const foldBatches = Math.ceil(logEvents / batchEvents)
  const foldRun = (reducers: Reducer[], round: number): InterleavedTimes => {
    const states = reducers.map(() => initialState())
    collect()
    return timeInterleaved(
      reducers.map((reducer, k) => (b: number) => {
        let state = states[k] as ModalState
        const end = Math.min(logEvents, (b + 1) * batchEvents)
        for (let i = b * batchEvents; i < end; i++) state = reducer(state, events[i] as StampedEvent)
        states[k] = state
      }),
      foldBatches,
      round,
    )
  }
  const foldRuns: InterleavedTimes[] = []
  for (let r = 0; r < runs; r++) foldRuns.push(foldRun([rootReducer, handWrittenReducer], r))
  fold(events.slice(0, 20_000), developmentReducer)
  const developmentRuns: InterleavedTimes[] = []
  for (let r = 0; r < otherRuns; r++) developmentRuns.push(foldRun([developmentReducer], r))

  const perTypeMicros = measurePerType(events.slice(0, 32_000), otherRuns)

  const snapshot: LogSnapshot<ModalState> = { version: 1, committedState: initialState(), events, skipped: [] }
  const loadSamples: number[] = []
  for (let r = 0; r < otherRuns; r++) {
    collect()
    const log = new EventLog(rootReducer, initialState())
    loadSamples.push(time(() => log.load(snapshot)))
  }

  const importSamples: number[] = []
  for (let r = 0; r < otherRuns; r++) {
    const modal = await benchModal({ maxLogBytes: Number.POSITIVE_INFINITY })
    // The features the log's state holds load first (not timed: the replay is).
    await modal.timeTravel.prepareImport(snapshot)
    collect()
    importSamples.push(time(() => modal.timeTravel.importLog(snapshot)))
    if (modal.timeTravel.log.events.length !== logEvents) throw new Error('the import did not keep every event')
    modal.destroy()
  }

  const probe = await benchModal()
  const defaultMaxBytes = probe.timeTravel.log.maxBytes
  probe.destroy()

  const memory = []
  for (const [label, maxBytes] of [
    ['bounded (default budget)', defaultMaxBytes],
    ['unbounded', Number.POSITIVE_INFINITY],
  ] as const) {
    const samples: { heapBytes: number; appendMs: number; eventsKept: number; logBytes: number }[] = []
    for (let r = 0; r < Math.max(3, otherRuns); r++) samples.push(measureLogMemory(logEvents, maxBytes))
    const last = samples[samples.length - 1] as (typeof samples)[number]
    memory.push({
      label,
      maxBytes,
      eventsKept: last.eventsKept,
      logBytes: last.logBytes,
      heapBytes: median(samples.map((s) => s.heapBytes)),
      appendMs: median(samples.map((s) => s.appendMs)),
    })
  }

  return {
    logEvents,
    liveEvents,
    runs,
    otherRuns,
    batchEvents,
    fold: {
      rootMs: measured(foldRuns, 0),
      floorMs: measured(foldRuns, 1),
      ratio: {
        cpu: spread(foldRuns.map((t) => (t.cpuMs[0] as number) / (t.cpuMs[1] as number))),
        wall: spread(foldRuns.map((t) => (t.wallMs[0] as number) / (t.wallMs[1] as number))),
      },
      developmentMs: measured(developmentRuns, 0),
    },
    perTypeMicros,
    loadMs: spread(loadSamples),
    importMs: spread(importSamples),
    memory,
    live: {
      boundedMs: { cpu: spread(liveSamples[0]!.cpuMs), wall: spread(liveSamples[0]!.wallMs) },
      unboundedMs: { cpu: spread(liveSamples[1]!.cpuMs), wall: spread(liveSamples[1]!.wallMs) },
    },
    liveProcessed,
    defaultMaxBytes,
    coverage: mixCoverage(events.slice(0, 1_000)),
  }
}

/** Contender `i`'s figure over interleaved runs. */
function measured(runs: readonly InterleavedTimes[], i: number): Measured {
  return { cpu: spread(runs.map((t) => t.cpuMs[i] as number)), wall: spread(runs.map((t) => t.wallMs[i] as number)) }
}

/** Which slices of each built-in feature the mix's events reach (a slice with a case for one). */
function mixCoverage(events: readonly StampedEvent[]): CoreResults['coverage'] {
  const reached = new Set<string>()
  // session/started resets every slice; it says nothing about what the visit exercises.
  for (const type of new Set(events.map((e) => e.type))) if (type !== 'session/started') for (const s of rootReducer.routeOf(type)) reached.add(s)
  return BUILT_IN_FEATURES.map((f) => {
    const slices = f.slices.map((s) => s.name)
    return { feature: f.name, slices, reached: slices.filter((s) => reached.has(s)) }
  })
}

/** A modal as a host makes one (every optional feature passed), in memory, with a clock that moves like the mix's. */
async function benchModal(extra: { maxLogBytes?: number } = {}): Promise<Modal> {
  let now = 1_700_000_000_000
  const modal = createModal({
    projectId: 'bench',
    adapters: [benchChainAdapter()],
    isMobile: false,
    storage: createMemoryStorage(),
    persistLog: false,
    clock: { now: () => (now += EVENT_SPACING_MS) },
    autoFreeze: false,
    modules: [swaps(), onramp(), names(), batchedCalls(), smartSessions(), pay()],
    ...extra,
  })
  await modal.ready
  return modal
}

/**
 * Each event's reduction costs something different (immer copies the path it writes). The
 * states before each event are recorded once, then each type's events are re-applied in bulk.
 */
function measurePerType(events: readonly StampedEvent[], runs: number): CoreResults['perTypeMicros'] {
  const byType = new Map<string, { state: ModalState; event: StampedEvent }[]>()
  let state = initialState()
  for (const event of events) {
    const list = byType.get(event.type) ?? []
    list.push({ state, event })
    byType.set(event.type, list)
    state = rootReducer(state, event)
  }
  const rows = [...byType].map(([type, pairs]) => {
    const samples: number[] = []
    for (let r = 0; r < runs; r++) {
      samples.push(
        time(() => {
          for (const { state: s, event } of pairs) rootReducer(s, event)
        }) / pairs.length,
      )
    }
    return { type, micros: median(samples) * 1000, count: pairs.length }
  })
  const total = rows.reduce((sum, r) => sum + r.micros * r.count, 0)
  return rows
    .map((r) => ({ type: r.type, micros: r.micros, share: (r.micros * r.count) / total }))
    .sort((a, b) => b.micros - a.micros)
}

/** Heap held by a log that was fed `count` events one by one, as a live modal feeds it. */
function measureLogMemory(count: number, maxBytes: number) {
  collect()
  const before = process.memoryUsage().heapUsed
  const log = new EventLog(rootReducer, initialState(), maxBytes)
  const appendMs = time(() => {
    // Events are made inside the loop so the log is their only holder.
    for (const e of stampedVisitorEvents(count)) log.append(e)
  })
  collect()
  const heapBytes = process.memoryUsage().heapUsed - before
  return { heapBytes, appendMs, eventsKept: log.events.length, logBytes: log.byteSize }
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const rate = (events: number, ms: number) => `${fmt((events / ms) * 1000)} events/s (${fmt((ms * 1000) / events, 1)} µs/event)`
const perSecond = (events: number, ms: number) => fmt((events / ms) * 1000)
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`

/** A row of a time-per-run figure as a rate: CPU-time median, middle half and all runs (slowest first), then the wall clock's median. */
const rateRow = (label: string, events: number, m: Measured) => {
  const { cpu } = m
  return `| ${label} | ${rate(events, cpu.median)} | ${perSecond(events, cpu.q3)}–${perSecond(events, cpu.q1)} | ${perSecond(events, cpu.max)}–${perSecond(events, cpu.min)} | ${perSecond(events, m.wall.median)} (${perSecond(events, m.wall.max)}–${perSecond(events, m.wall.min)}) |`
}
const msRow = (label: string, ms: Spread) => `| ${label} | ${fmt(ms.median)} ms | ${fmt(ms.q1)}–${fmt(ms.q3)} ms | ${fmt(ms.min)}–${fmt(ms.max)} ms |`
const ratioText = (s: Spread) => `**${fmt(s.median, 2)}×** | ${fmt(s.q1, 2)}–${fmt(s.q3, 2)}× | ${fmt(s.min, 2)}–${fmt(s.max, 2)}×`

/** The results.md section for the core benchmark. */
export function coreSection(r: CoreResults): string {
  const budget = (b: number) => (Number.isFinite(b) ? `${fmt(b)} bytes` : 'none')
  const top = r.perTypeMicros.slice(0, 6)
  const { ratio } = r.fold
  const reached = r.coverage.filter((c) => c.reached.length > 0)
  const untouched = r.coverage.filter((c) => c.reached.length === 0 && c.slices.length > 0)
  const sliceCount = r.coverage.reduce((n, c) => n + c.slices.length, 0)
  const reachedCount = reached.reduce((n, c) => n + c.reached.length, 0)
  return `## Core: reducers, replay, log memory, live dispatch

Command: \`npx tsx --expose-gc bench/core.bench.ts\` (or \`npm run bench\` for every benchmark).
Machine: ${machineNote()}. Date: ${today()}.

The machine is shared, so every figure is given over its timed runs (${r.runs} for the ratio and live
dispatch, ${r.otherRuns} for the others; memory: ${Math.max(3, r.otherRuns)}): the median, the middle half of the runs
(first to third quartile) and all of them.

**How the figures hold on a loaded machine.** What is compared is timed interleaved, not one
after the other: within each run \`rootReducer\` and the floor take turns on batches of
${fmt(r.batchEvents)} events of the mix (A B, B A, …), each folding on from its own state, so load from
elsewhere and garbage collection fall on both alike, and the ratio is taken per run. Times are
the process's CPU time (user + system, every thread, so garbage collection counts; what the
machine gave to other work does not): with the cores shared among several people, wall-clock
time is mostly waiting for a core, and moves with the load (its figures are in the last column).
Live dispatch is one modal per run, as a page has one; the modal with the default log budget and
the one without take turns run by run.

The event mix repeats one visit: open, two router pushes, connect request and success (the
modal closes itself), banner show and dismiss, theme change, reopen on Account, push and back,
disconnect, a banner replaced by another (with its delay event), dismiss, close. Every built-in
feature is loaded; the mix's events reach ${reachedCount} of their ${sliceCount} slices (${reached
    .map((c) => `${c.feature}: ${c.reached.join(', ')}`)
    .join('; ')}); ${untouched.map((c) => c.feature).join(', ')} have no case for them, so the
root reducer passes them by.

| figure | median (CPU time) | middle half of runs | all runs | wall clock: median (all runs) |
|---|---:|---:|---:|---:|
| **ratio \`rootReducer\` / floor (time, per run)** | ${ratioText(ratio.cpu)} | ${fmt(ratio.wall.median, 2)}× (${fmt(ratio.wall.min, 2)}–${fmt(ratio.wall.max, 2)}×) |
${rateRow('reducer throughput (`rootReducer` over the mix, production: no freezing)', r.logEvents, r.fold.rootMs)}
${rateRow('floor: a hand-written switch reducer, same states (`bench/support/handWrittenReducer.ts`)', r.logEvents, r.fold.floorMs)}
${rateRow('`rootReducer` with deep freezing on, as development builds reduce (timed on its own)', r.logEvents, r.fold.developmentMs)}
${rateRow(`**live dispatch** through \`createModal\` (validation, log, publish, effects; memory storage, \`persistLog: false\`, a production build's settings: \`NODE_ENV=production\`, no freezing; default log budget), ${fmt(r.liveEvents)} events per run, timed after 4,000 untimed ones in the same modal and ${LIVE_WARMUP_RUNS} untimed rounds of modals`, r.liveEvents, r.live.boundedMs)}
${rateRow('the same with an unbounded log (`maxLogBytes: Infinity`)', r.liveEvents, r.live.unboundedMs)}

Live dispatch counts the events the host dispatched; during a run the store reduced
${fmt(r.liveProcessed)} in all, because its effects answer some synchronously (with no chain
adapter registered, \`connection/requested\` is answered by \`connection/failed\`).

Replay of ${fmt(r.logEvents)} events (CPU time, as every figure below):

| figure | median | middle half of runs | all runs |
|---|---:|---:|---:|
| \`rootReducer\` fold (the interleaved runs above) | ${fmt(r.fold.rootMs.cpu.median)} ms | ${fmt(r.fold.rootMs.cpu.q1)}–${fmt(r.fold.rootMs.cpu.q3)} ms | ${fmt(r.fold.rootMs.cpu.min)}–${fmt(r.fold.rootMs.cpu.max)} ms |
${msRow('`EventLog.load`, unbounded (keeps every event, and a state every 32)', r.loadMs)}
${msRow('devtools `importLog` (validates each event, then loads), unbounded', r.importMs)}

Memory of a log fed ${fmt(r.logEvents)} events through \`EventLog.append\` (heap delta after a forced GC,
events and states included; medians):

| log | byte budget | events kept | serialised bytes kept | heap held | time to append all |
|---|---:|---:|---:|---:|---:|
${r.memory.map((m) => `| ${m.label} | ${budget(m.maxBytes)} | ${fmt(m.eventsKept)} | ${fmt(m.logBytes)} | ${mb(m.heapBytes)} | ${fmt(m.appendMs)} ms |`).join('\n')}

Slowest event types inside the mix (mean \`rootReducer\` time per event, share of the fold's time):

| event | µs/event | share |
|---|---:|---:|
${top.map((t) => `| \`${t.type}\` | ${fmt(t.micros, 1)} | ${fmt(t.share * 100, 0)} % |`).join('\n')}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The figures are a production build's: a host's bundler replaces process.env.NODE_ENV there,
  // so immer's development checks (which read process.env on every draft) are not in them.
  // The development row keeps its deep freezing (its reducer was made before this line).
  process.env.NODE_ENV = 'production'
  const results = await runCoreBench()
  const section = coreSection(results)
  console.log(section)
  // Every run's figures, for comparing runs of the bench (not written to results.md).
  const runsOf = (s: Spread, f: (x: number) => string) => s.samples.map(f).join(' ')
  console.log(`per-run ratio (CPU time): ${runsOf(results.fold.ratio.cpu, (x) => fmt(x, 2))}`)
  console.log(`per-run live dispatch, events/s (CPU time): ${runsOf(results.live.boundedMs.cpu, (ms) => perSecond(results.liveEvents, ms))}`)
  if (!process.argv.includes('--no-write')) await writeResultsSection('core', section)
}
