// Bounds-checked readers for the container parsers of recording.ts. An upload is hostile until parsed, so
// no reader throws or reads past the end: out of range reads as 0 (or ''), and the parsers check that
// a structure fits before they trust it.

/** Unsigned big-endian integer of `length` (≤ 8) bytes at `at`; 0 past the end. Past 2^53 it loses precision, never throws. */
export function uintBE(bytes: Uint8Array, at: number, length: number): number {
  if (at < 0 || at + length > bytes.length) return 0;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/** Unsigned little-endian integer of `length` (≤ 8) bytes at `at`; 0 past the end. */
export function uintLE(bytes: Uint8Array, at: number, length: number): number {
  if (at < 0 || at + length > bytes.length) return 0;
  let value = 0;
  for (let i = length - 1; i >= 0; i--) value = value * 256 + bytes[at + i]!;
  return value;
}

/** The bytes at `at` read as Latin-1 text (box and chunk names, magic words); '' past the end. */
export function ascii(bytes: Uint8Array, at: number, length: number): string {
  if (at < 0 || at + length > bytes.length) return '';
  let text = '';
  // A loop, not fromCharCode(...subarray): this runs once per box or chunk, and a hostile file has many.
  for (let i = at; i < at + length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

/** A duration in seconds, or null when hostile numbers made it meaningless (negative, NaN, infinite). */
export function seconds(value: number): number | null {
  return Number.isFinite(value) && value >= 0 ? value : null;
}
