/**
 * E-mail addresses as the e-mail login takes them (spec §5: e-mail fields must be valid format):
 * one `@`, a local part, a domain with a dot, no spaces; at most 254 characters.
 *
 * @example
 * isValidEmail('ada@example.com') // true
 * isValidEmail('ada@example') // false
 */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(email)
}

/** The address as it is sent: trimmed, lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()
