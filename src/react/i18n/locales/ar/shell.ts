// ar: strings of the shell views (English source text → translation).
const messages: Record<string, string> = {}
export default messages
