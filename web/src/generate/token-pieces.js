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

const byteName = (byte) => `<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`;

/** How many bytes a UTF-8 character starting with `byte` has (0: not a character's first byte). */
function characterLength(byte) {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte < 0xe0) return 2;
  if (byte >= 0xe0 && byte < 0xf0) return 3;
  if (byte >= 0xf0 && byte < 0xf5) return 4;
  return 0;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** The character `bytes` are, or null when they are not one (a bad continuation, an overlong form, a surrogate). */
function strictCharacter(bytes) {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A run of bytes as text: each whole UTF-8 character as itself, each byte that is not part of one as <0xNN> (never
 * U+FFFD, which would hide which byte it was). Also where characters end, as byte offsets (a set).
 */
function readBytes(bytes) {
  let text = '';
  const ends = new Set([0]);
  for (let at = 0; at < bytes.length;) {
    const length = characterLength(bytes[at]);
    const decoded = length > 0 && at + length <= bytes.length ? strictCharacter(bytes.subarray(at, at + length)) : null;
    const whole = decoded !== null;
    text += whole ? decoded : byteName(bytes[at]);
    at += whole ? length : 1;
    ends.add(at);
  }
  return { text, ends };
}

/**
 * Pieces (tokens as the library spells them) grouped into the characters they spell: a character split over
 * several byte tokens (<0xC3><0xA9>) is one group of those tokens, with its text (é). Every other piece is a group
 * of its own. Bytes that make no whole character keep their <0xNN>. Groups cover every piece, in order:
 * { first, count, text, bytes } (bytes: the group's pieces are byte tokens).
 */
export function characterGroups(pieces) {
  const groups = [];
  for (let i = 0; i < pieces.length;) {
    if (!bytePiece.test(pieces[i])) {
      groups.push({ first: i, count: 1, text: pieces[i], bytes: false });
      i += 1;
      continue;
    }
    // A run of byte tokens: cut it where a token ends on a character's end.
    let end = i;
    while (end < pieces.length && bytePiece.test(pieces[end])) end += 1;
    const sizes = pieces.slice(i, end).map((piece) => pieceBytes(piece));
    const bytes = new Uint8Array(sizes.reduce((sum, b) => sum + b.length, 0));
    let offset = 0;
    const tokenEnds = sizes.map((b) => {
      bytes.set(b, offset);
      offset += b.length;
      return offset;
    });
    const { ends } = readBytes(bytes);
    let first = i;
    let from = 0;
    tokenEnds.forEach((to, k) => {
      if (!ends.has(to) && k < tokenEnds.length - 1) return;
      groups.push({ first, count: i + k + 1 - first, text: readBytes(bytes.subarray(from, to)).text, bytes: true });
      first = i + k + 1;
      from = to;
    });
    i = end;
  }
  return groups;
}

/** Pieces as one readable text: split characters put back together, stray bytes as <0xNN> (never U+FFFD). */
export const readablePieces = (pieces) =>
  characterGroups(pieces)
    .map((group) => group.text)
    .join('');
