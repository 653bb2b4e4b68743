// Tokens as the page shows and reads them. The library spells a token as its text when its bytes are whole UTF-8
// characters, else each byte as <0xNN> (a byte-fallback token, or part of a character a byte-pair merge split).
// Pure functions, shared by the page and the worker, tested in Node.

const bytePiece = /^(<0x[0-9A-F]{2}>)+$/;
const encoder = new TextEncoder();

/** The bytes a piece stands for. */
export function pieceBytes(piece) {
  if (!bytePiece.test(piece)) return encoder.encode(piece);
  return Uint8Array.from(piece.match(/<0x([0-9A-F]{2})>/g), (byte) => Number.parseInt(byte.slice(3, 5), 16));
}

// Characters a learner could not see on a token chip: shown as a sign (a screen reader hears their names, in the
// page's language: generate-text.js's spokenPiece).
const invisible = new Map([
  [' ', '␣'],
  ['\n', '↵'],
  ['\t', '⇥'],
  ['\r', '␍'],
]);

/** A piece as a chip shows it: spaces, line breaks and tabs as signs (␣ ↵ ⇥), so that every token is visible. */
export function visiblePiece(piece) {
  return Array.from(piece, (char) => invisible.get(char) ?? char).join('');
}

/**
 * The text of the prompt and the first `index` generated tokens of a generation (as `written` by the worker:
 * { prompt, promptTokens, steps }), and the token ids it stands for. An empty prompt is the line break the library
 * starts from. Bytes that do not end a character decode to U+FFFD, so such a text does not tokenize back.
 */
export function modelPrefix(written, index) {
  const pieces = written.steps.slice(0, index).map((step) => pieceBytes(step.text));
  const prompt = encoder.encode(written.prompt === '' ? '\n' : written.prompt);
  const bytes = new Uint8Array(prompt.length + pieces.reduce((sum, p) => sum + p.length, 0));
  bytes.set(prompt);
  let at = prompt.length;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  const tokens = [...written.promptTokens, ...written.steps.slice(0, index).map((step) => step.id)];
  return { text: new TextDecoder().decode(bytes), tokens };
}
