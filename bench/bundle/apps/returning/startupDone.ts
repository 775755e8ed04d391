/** The console line the returning app writes once its modal is ready and the history has joined. */
export const STARTUP_DONE = 'startup bench: ready and restored'
