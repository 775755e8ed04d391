import { describe, expect, it } from 'vitest'
import { MINI_APP_BLOCKED_SOCIALS, socialsForPlatform } from '../../../../src/core/domain/socials'
import { DEFAULT_SOCIALS } from '../../../../src/core/domain/constants'

describe('social logins by platform', () => {
  it("a browser gets the project's list as it is; a messaging mini-app leaves out the logins that refuse its web view, in order", () => {
    expect(socialsForPlatform(DEFAULT_SOCIALS, null)).toEqual([...DEFAULT_SOCIALS])
    expect(socialsForPlatform(DEFAULT_SOCIALS, 'telegram')).toEqual(['x', 'discord', 'farcaster', 'github', 'apple'])
    for (const blocked of MINI_APP_BLOCKED_SOCIALS) expect(socialsForPlatform([blocked], 'telegram')).toEqual([])
  })
})
