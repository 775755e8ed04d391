/** The header's and notifications' icons, inline SVG in the text colour (their buttons carry the names). */
function Icon({ d, className }: { d: string; className?: string }) {
  return (
    <svg className={className} width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  )
}

export const CloseIcon = () => <Icon d="M4 4l8 8M12 4l-8 8" />
/** Points to the start of the line: mirrored in right-to-left languages. */
export const BackIcon = () => <Icon d="M10 3L5 8l5 5" className="gw-flip-rtl" />

/** An envelope in a wallet icon's box: the e-mail login's picture while it waits on the inbox. */
export const MailIcon = () => (
  <span className="gw-wallet-icon gw-wallet-initial" aria-hidden="true">
    <svg width="60%" height="60%" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  </span>
)
