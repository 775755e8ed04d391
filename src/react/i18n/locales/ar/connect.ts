// ar: strings of the connect views (English source text → translation).
const messages: Record<string, string> = {}
export default messages
