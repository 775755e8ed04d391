import type { ReactElement } from 'react'

// The social providers' marks, drawn here as small paths (no image is fetched): simple shapes
// in each brand's colours, recognisable at 20 px. Monochrome marks (X, Apple, GitHub) take the
// text colour, so they read in both themes. Loaded as a chunk of its own, when Connect first
// shows a social login; the letter tile stands in until it has.

const G = { r: '#EA4335', y: '#FBBC05', g: '#34A853', b: '#4285F4' }

const LOGOS: Record<string, () => ReactElement> = {
  // A "G": four arcs of a ring, open at the top right, and the bar into its middle.
  google: () => (
    <g fill="none" strokeWidth="3.2">
      <path stroke={G.b} d="M12 12H20A8 8 0 0 1 17.66 17.66" />
      <path stroke={G.g} d="M17.66 17.66A8 8 0 0 1 6.34 17.66" />
      <path stroke={G.y} d="M6.34 17.66A8 8 0 0 1 6.34 6.34" />
      <path stroke={G.r} d="M6.34 6.34A8 8 0 0 1 17.66 6.34" />
    </g>
  ),
  // An apple with a bite out of its right side and a leaf.
  apple: () => (
    <g fill="currentColor">
      <path d="M12 8.2C10.6 7.2 8.8 6.9 7.3 7.8 5.2 9 4.6 11.8 5.3 14.5 6 17.3 7.9 20.3 9.6 20.3 10.6 20.3 11.1 19.8 12 19.8 12.9 19.8 13.4 20.3 14.4 20.3 16 20.3 17.6 17.9 18.4 15.6 16.9 14.9 16.1 13.6 16.1 12.1 16.1 10.8 16.8 9.7 17.8 9.1 16.9 7.7 15.5 7.3 14.4 7.4 13.5 7.5 12.8 7.9 12 8.2Z" />
      <path d="M12.2 6.9C12.1 5.2 13.4 3.8 15.1 3.6 15.2 5.3 13.9 6.8 12.2 6.9Z" />
    </g>
  ),
  // An "X": an outlined broad stroke from the top left, a thin one across it.
  x: () => (
    <g fill="none" stroke="currentColor" strokeLinejoin="round">
      <path strokeWidth="1.5" d="M4.5 4.2H8.7L19.5 19.8H15.3Z" />
      <path strokeWidth="1.7" d="M19 4.2 5 19.8" />
    </g>
  ),
  // A rounded game-pad face with two eyes (holes).
  discord: () => (
    <path
      fill="#5865F2"
      fillRule="evenodd"
      d="M6.5 6.5C8 5.7 9.5 5.3 10.5 5.2L11 6.2C11.7 6.1 12.3 6.1 13 6.2L13.5 5.2C14.5 5.3 16 5.7 17.5 6.5 19.4 9.4 20.2 12.6 19.9 16.4 18.4 17.5 16.9 18.2 15.5 18.6L14.6 17.1C15.1 16.9 15.6 16.7 16 16.4 13.3 17.7 10.7 17.7 8 16.4 8.4 16.7 8.9 16.9 9.4 17.1L8.5 18.6C7.1 18.2 5.6 17.5 4.1 16.4 3.8 12.6 4.6 9.4 6.5 6.5ZM8 12.6A1.5 1.6 0 1 0 11 12.6 1.5 1.6 0 1 0 8 12.6ZM13 12.6A1.5 1.6 0 1 0 16 12.6 1.5 1.6 0 1 0 13 12.6Z"
    />
  ),
  // A disc with a cat's head and neck cut out of it.
  github: () => (
    <path
      fill="currentColor"
      fillRule="evenodd"
      d="M12 2A10 10 0 1 0 12 22 10 10 0 1 0 12 2ZM8 9.2 8.4 6.6 10.4 7.8C11.4 7.5 12.6 7.5 13.6 7.8L15.6 6.6 16 9.2C16.8 10 17.2 11 17.2 12.2 17.2 15 15.4 16.4 13.2 16.7 13.6 17 13.9 17.6 13.9 18.4V21.3H10.1V18.4C10.1 17.6 10.4 17 10.8 16.7 8.6 16.4 6.8 15 6.8 12.2 6.8 11 7.2 10 8 9.2Z"
    />
  ),
  // A blue disc with a white lower-case "f" running off its bottom.
  facebook: () => (
    <g>
      <circle cx="12" cy="12" r="10" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.2 21.9V13.6H15.4L15.7 11H13.2V9.4C13.2 8.7 13.5 8.2 14.5 8.2H15.8V5.9C15.5 5.9 14.8 5.8 13.9 5.8 12 5.8 10.6 7 10.6 9.1V11H8.5V13.6H10.6V21.9Z"
      />
    </g>
  ),
  // A purple tile with a white arch: two posts on feet under a lintel.
  farcaster: () => (
    <g>
      <rect x="2" y="2" width="20" height="20" rx="5" fill="#855DCD" />
      <path
        fill="#fff"
        d="M7 6.5H17V8.6H16.2V16.8H17V18H13.6V16.8H14.2V12.8C14.2 11.6 13.2 10.6 12 10.6 10.8 10.6 9.8 11.6 9.8 12.8V16.8H10.4V18H7V16.8H7.8V8.6H7Z"
      />
    </g>
  ),
}

/** A social provider's mark, 20 px, hidden from assistive technology (its button is named). */
export default function SocialLogo({ provider }: { provider: string }) {
  const draw = LOGOS[provider]
  if (!draw) return null
  return (
    <svg className="gw-social-logo" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-testid={`social-logo-${provider}`}>
      {draw()}
    </svg>
  )
}
