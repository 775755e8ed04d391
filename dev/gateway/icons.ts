import { createHash } from 'node:crypto'

/**
 * Generated SVG icons for the directory's image endpoints: a gradient seeded by the id, with
 * the initials of the label. Deterministic, so the same id always draws the same icon.
 *
 * @example
 * generateIcon({ seed: imageId, label: 'Amber Anchor', shape: 'square' })
 */
export function generateIcon(options: { seed: string; label: string; shape: 'square' | 'circle' }): string {
  const digest = createHash('sha256').update(options.seed).digest()
  const hueA = ((digest[0]! << 8) | digest[1]!) % 360
  const hueB = (hueA + 40 + (digest[2]! % 120)) % 360
  const text = escapeXml(initials(options.label))
  const frame =
    options.shape === 'circle'
      ? '<circle cx="48" cy="48" r="48" fill="url(#g)"/>'
      : '<rect width="96" height="96" rx="22" fill="url(#g)"/>'
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hueA},70%,55%)"/><stop offset="1" stop-color="hsl(${hueB},70%,40%)"/></linearGradient></defs>`,
    frame,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${text.length > 2 ? 26 : 34}" font-weight="600" fill="#fff">${text}</text>`,
    '</svg>',
  ].join('')
}

function initials(label: string): string {
  const words = label.trim().split(/[\s_-]+/).filter(Boolean)
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase()
  return (words[0] ?? '?').slice(0, 3).toUpperCase()
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
