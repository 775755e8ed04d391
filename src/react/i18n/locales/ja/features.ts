// ja: strings of the features views (English source text → translation).
const messages: Record<string, string> = {}
export default messages
