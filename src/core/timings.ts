/** Time constants of the modal shell (spec §2, §9). */
export const SHAKE_MS = 500
export const BANNER_REPLACE_DELAY_MS = 150
/** Event log buffer (spec §9). */
export const LOG_BUFFER_BYTES = 1_024_000
