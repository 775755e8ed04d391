import type { AuthConnector } from '../../../../src/core/ports'

/** An embedded wallet port whose answers the test gives, recording each call (name, request, signal). */
export function fakeAuth(overrides: Partial<AuthConnector> = {}) {
  const calls: [string, unknown, AbortSignal | undefined][] = []
  const record =
    <A extends unknown[], R>(name: string, f: ((...args: A) => Promise<R>) | undefined, fallback: () => Promise<R>) =>
    (...args: A): Promise<R> => {
      const signal = args.find((a): a is AbortSignal => a instanceof AbortSignal)
      calls.push([name, args[0] instanceof AbortSignal ? undefined : args[0], signal])
      return f ? f(...args) : fallback()
    }
  const never = () => new Promise<never>(() => undefined)
  const auth = {
    connectorId: 'auth',
    load: record('load', overrides.load, () => Promise.resolve()),
    connectEmail: record('connectEmail', overrides.connectEmail, never),
    connectDevice: record('connectDevice', overrides.connectDevice, never),
    connectOtp: record('connectOtp', overrides.connectOtp, never),
    getSocialRedirectUri: record('getSocialRedirectUri', overrides.getSocialRedirectUri, never),
    connectSocial: record('connectSocial', overrides.connectSocial, never),
    getFarcasterUri: record('getFarcasterUri', overrides.getFarcasterUri, never),
    connectFarcaster: record('connectFarcaster', overrides.connectFarcaster, never),
    getUser: record('getUser', overrides.getUser, never),
    updateEmail: record('updateEmail', overrides.updateEmail, never),
    updateEmailPrimaryOtp: record('updateEmailPrimaryOtp', overrides.updateEmailPrimaryOtp, never),
    updateEmailSecondaryOtp: record('updateEmailSecondaryOtp', overrides.updateEmailSecondaryOtp, never),
    setPreferredAccountType: record('setPreferredAccountType', overrides.setPreferredAccountType, never),
    getSmartAccountEnabledNetworks: record('getSmartAccountEnabledNetworks', overrides.getSmartAccountEnabledNetworks, never),
  } as unknown as AuthConnector
  return { auth, calls }
}
