// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WalletIcon } from '../../../../src/react/views/WalletIcon'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/** Images whose decoding fails, complete, with `naturalWidth` pixels across. */
function undecodableImages(naturalWidth: number) {
  vi.spyOn(HTMLImageElement.prototype, 'decode').mockRejectedValue(new Error('EncodingError'))
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true)
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(naturalWidth)
}

async function render(imageUrl: string) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<WalletIcon name="broken wallet" imageUrl={imageUrl} />))
  unmount = () => act(() => root.unmount())
  return el
}

describe('WalletIcon', () => {
  it('shows the initial for an image that failed without an error event reaching React (decoding fails, no pixels)', async () => {
    undecodableImages(0)
    const el = await render('https://wallet.example/missed-error.png')
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(el.querySelector('[data-testid="wallet-icon-initial"]')?.textContent).toBe('B')
    expect(el.querySelector('img')).toBeNull()
  })

  it('keeps an image whose decoding was cut short but that has its pixels', async () => {
    undecodableImages(64)
    const el = await render('https://wallet.example/fine.png')
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(el.querySelector('[data-testid="wallet-icon-image"]')).not.toBeNull()
  })
})
