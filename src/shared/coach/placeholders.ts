// Plays are talk tracks: what the rep must fill in is written in [square brackets] (content/sales-situations
// README). The coach shows those parts as placeholders, so nobody reads a bracket out to a prospect.

export interface PlayPart {
  text: string;
  placeholder: boolean;
}

/** The play's text cut into plain parts and [placeholder] parts (brackets kept), in order. */
export function playParts(play: string): PlayPart[] {
  return play
    .split(/(\[[^\][]+\])/)
    .filter((text) => text !== '')
    .map((text) => ({ text, placeholder: /^\[[^\][]+\]$/.test(text) }));
}
