// ja: strings of the account views (English source text → translation).
const messages: Record<string, string> = {}
export default messages
