/**
 * Whether this is a production build. Bundlers replace `process.env.NODE_ENV` in the host's
 * build; where nothing replaced it and there is no `process`, it is not production.
 */
export function isProductionBuild(): boolean {
  try {
    return process.env.NODE_ENV === 'production'
  } catch {
    return false
  }
}
