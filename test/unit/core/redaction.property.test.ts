import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import type { EventInput } from '../../../src/core/events/defineEvent'
import { EventLog } from '../../../src/core/eventLog'
import { signatureRequested, signatureSucceeded } from '../../../src/core/events/connection/signature'
import { siwxSessionStored } from '../../../src/core/events/siwx/siwx'
import { storageHydrated } from '../../../src/core/events/persistence/storage'
import { routerPushed } from '../../../src/core/events/modal/router'
import { embeddedUserReceived, emailLoginRequested, emailLoginStepReached, emailOtpSubmitted, emailUpdateRequested } from '../../../src/core/events/embeddedWallet/embeddedWallet'
import { builtInCatalogue, initialState, rootReducer } from '../../../src/core/reducers/rootReducer'
import { REDACTED, redactValue } from '../../../src/core/redact'
import { createStore } from '../../../src/core/store'
import { fcParams } from '../../property/fcSettings'
import { eventArb } from '../../property/core/arbitraries'
import { createVirtualTime } from '../../support/virtualTime'

const secret = fc.string({ minLength: 6, maxLength: 12 }).map((s) => `S3CRET-${s}`)
const address = fc.constantFrom('eip155:1:0xa', 'eip155:1:0xb')

/** Events that carry secrets: signature results, sign-in sessions, e-mails and codes in data. */
const secretEventArb: fc.Arbitrary<EventInput> = fc.oneof(
  fc.tuple(fc.constantFrom('r1', 'r2'), secret).map(([requestId, signature]) => signatureSucceeded({ address: '0x1', signature }, { requestId })),
  fc.constantFrom('r1', 'r2').map((requestId) => signatureRequested({ kind: 'message', message: 'hi' }, { requestId })),
  fc.tuple(address, secret, secret).map(([caipAddress, message, signature]) => siwxSessionStored({ caipAddress, session: { data: { a: 1 }, message, signature } })),
  fc.tuple(address, secret).map(([a, signature]) => storageHydrated({ siwx: { sessions: { [a]: { message: 'm', signature } } } })),
  fc.tuple(secret, secret, secret).map(([email, otp, accessToken]) => routerPushed({ view: 'Connect', data: { email, nested: [{ otp, accessToken }] } })),
  // The embedded wallet's e-mail login and update: addresses and codes stay in the live state only.
  fc.tuple(fc.constantFrom('r1', 'r2'), fc.stringMatching(/^[a-z0-9]{1,8}$/)).map(([requestId, name]) => emailLoginRequested({ email: `S3CRET-${name}@example.com` }, { requestId })),
  fc.constantFrom('r1', 'r2').map((requestId) => emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId })),
  fc.tuple(fc.constantFrom('o1', 'o2'), fc.stringMatching(/^\d{6}$/)).map(([requestId, otp]) => emailOtpSubmitted({ otp }, { requestId })),
  fc.stringMatching(/^[a-z0-9]{1,8}$/).map((name) => embeddedUserReceived({ email: `S3CRET-${name}@example.com`, username: null })),
  fc.tuple(fc.constantFrom('u1', 'u2'), fc.stringMatching(/^[a-z0-9]{1,8}$/)).map(([requestId, name]) => emailUpdateRequested({ email: `S3CRET-${name}@example.com` }, { requestId })),
)

describe('redaction keeps replay deterministic', () => {
  it('replay(exported log) equals redact(live state); no secret is exported; redaction is idempotent', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(eventArb, secretEventArb), { maxLength: 40 }), (events) => {
        const time = createVirtualTime()
        const store = createStore({ deps: { clock: time.clock, scheduler: time.scheduler, storage: createMemoryStorage(), analytics: { track: () => undefined } }, reducer: rootReducer, catalogue: builtInCatalogue })
        store.start({ projectId: 'p', adapters: ['eip155'] })
        for (const e of events) store.dispatch(e)
        const exported = JSON.parse(JSON.stringify(store.timeTravel.exportLog()))
        const replayed = new EventLog(rootReducer, initialState())
        replayed.load(exported)
        expect(replayed.presentState).toEqual(redactValue(store.getState()))
        expect(JSON.stringify(exported).toLowerCase()).not.toContain('s3cret')
        expect(redactValue(exported)).toEqual(exported)
        // Sign-in sessions never hold their secrets, not even in the live (durable) state.
        expect(JSON.stringify(store.getState().siwx)).not.toContain('S3CRET')
        // A re-import of the export gives the same state again.
        store.timeTravel.importLog(exported)
        expect(store.getState()).toEqual(replayed.presentState)
      }),
      fcParams({ numRuns: 60 }),
    )
  })
  it('the marker replaces values, not structure', () => {
    expect(redactValue({ signature: '0x1', signatures: ['a', 'b'], email: '', account: { signature: null }, list: [{ otp: '1' }] })).toEqual({
      signature: REDACTED,
      signatures: [REDACTED, REDACTED],
      email: '',
      account: { signature: null },
      list: [{ otp: REDACTED }],
    })
  })
})
