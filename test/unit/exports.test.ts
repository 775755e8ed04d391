// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'

// The public API of each package entry point; a change here shows up in review.
describe('package entry points', () => {
  it('gangway', async () => {
    expect(Object.keys(await import('../../src/index')).sort()).toMatchSnapshot()
  })
  it('gangway/react', async () => {
    expect(Object.keys(await import('../../src/react/index')).sort()).toMatchSnapshot()
  })
  it('gangway/devtools', async () => {
    expect(Object.keys(await import('../../src/devtools/index')).sort()).toMatchSnapshot()
  })
})
