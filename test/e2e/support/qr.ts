import jsQR from 'jsqr'
import type { Browser, Page } from 'playwright-core'
import { inModal } from './demo'

/**
 * Decodes a QR code of the modal as drawn on screen: a screenshot of the element with
 * `testId`, read back with jsQR (the pixels through a canvas of a scratch page).
 */
export async function readQrCode(browser: Browser, page: Page, testId = 'wc-qr'): Promise<string | null> {
  const png = await inModal(page, testId).screenshot()
  const scratch = await browser.newPage()
  try {
    const image = await scratch.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const ctx = canvas.getContext('2d')!
      ctx.drawImage(bitmap, 0, 0)
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height)
      return { width: data.width, height: data.height, pixels: Array.from(data.data) }
    }, png.toString('base64'))
    return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data ?? null
  } finally {
    await scratch.close()
  }
}
