/** Icons wallets announce are shown in the modal: inline images and https only (no javascript:, no plain http). */
export function isSafeIcon(icon: string): boolean {
  if (icon.startsWith('data:image/')) return true
  if (!icon.startsWith('https://')) return false
  try {
    return new URL(icon).protocol === 'https:'
  } catch {
    return false
  }
}
