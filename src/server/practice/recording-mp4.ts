// MP4 (ISO BMFF) as Safari's MediaRecorder writes it: audio/mp4, often fragmented (an empty moov, then
// moof/mdat pairs), where mvhd says nothing and the time is in the fragments.
import { ascii, seconds, uintBE } from './recording-bytes';

interface Box {
  /** Where the payload starts (after the header). */
  start: number;
  /** Where the box ends, cut to its parent's end when the file is truncated. */
  end: number;
}

/** A four-letter box type as the number its bytes spell, so the walk compares numbers instead of making strings. */
const code = (type: string) => ((type.charCodeAt(0) * 256 + type.charCodeAt(1)) * 256 + type.charCodeAt(2)) * 256 + type.charCodeAt(3);

/**
 * Calls `visit` for each box of one type between `from` and `to`; stops at the first malformed header.
 * Each step moves forward by at least 8 bytes, and nothing is allocated for the boxes passed over:
 * a hostile file of a million tiny boxes costs a loop, not the garbage collector's time.
 */
function eachBox(bytes: Uint8Array, from: number, to: number, type: string, visit: (start: number, end: number) => void): void {
  const wanted = code(type);
  let at = from;
  while (at + 8 <= to) {
    let size = uintBE(bytes, at, 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = uintBE(bytes, at + 8, 8);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) break;
    if (uintBE(bytes, at + 4, 4) === wanted) visit(at + header, Math.min(at + size, to));
    at += size;
  }
}

function children(bytes: Uint8Array, parent: Box | undefined, type: string): Box[] {
  const found: Box[] = [];
  if (parent) eachBox(bytes, parent.start, parent.end, type, (start, end) => found.push({ start, end }));
  return found;
}

const child = (bytes: Uint8Array, parent: Box | undefined, type: string): Box | undefined => children(bytes, parent, type)[0];

/** A full box's versioned field: 4 bytes in version 0, 8 in version 1, at the offsets for each version. */
function versioned(bytes: Uint8Array, box: Box, v0: number, v1: number): number {
  return bytes[box.start] === 1 ? uintBE(bytes, box.start + v1, 8) : uintBE(bytes, box.start + v0, 4);
}

interface AudioTrack {
  id: number;
  timescale: number;
  defaultDuration: number;
}

/** The (first) audio track, or null when there is none or any track is video. */
function audioTrack(bytes: Uint8Array, moov: Box): AudioTrack | null {
  let audio: AudioTrack | null = null;
  for (const trak of children(bytes, moov, 'trak')) {
    const mdia = child(bytes, trak, 'mdia');
    const hdlr = child(bytes, mdia, 'hdlr');
    const handler = hdlr ? ascii(bytes, hdlr.start + 8, 4) : '';
    if (handler === 'vide') return null;
    const tkhd = child(bytes, trak, 'tkhd');
    const mdhd = child(bytes, mdia, 'mdhd');
    if (handler !== 'soun' || audio || !tkhd || !mdhd) continue;
    const id = bytes[tkhd.start] === 1 ? uintBE(bytes, tkhd.start + 20, 4) : uintBE(bytes, tkhd.start + 12, 4);
    audio = { id, timescale: uintBE(bytes, mdhd.start + (bytes[mdhd.start] === 1 ? 20 : 12), 4), defaultDuration: 0 };
  }
  const trex = children(bytes, child(bytes, moov, 'mvex'), 'trex').find((box) => uintBE(bytes, box.start + 4, 4) === audio?.id);
  if (audio && trex) audio.defaultDuration = uintBE(bytes, trex.start + 12, 4);
  return audio;
}

/** Where one track fragment ends, in track timescale: its decode time plus its samples' durations. */
function fragmentEnd(bytes: Uint8Array, traf: Box, track: AudioTrack): number | null {
  const tfhd = child(bytes, traf, 'tfhd');
  if (!tfhd || uintBE(bytes, tfhd.start + 4, 4) !== track.id) return null;
  const tfhdFlags = uintBE(bytes, tfhd.start + 1, 3);
  const defaultAt = tfhd.start + 8 + (tfhdFlags & 0x01 ? 8 : 0) + (tfhdFlags & 0x02 ? 4 : 0);
  const defaultDuration = tfhdFlags & 0x08 ? uintBE(bytes, defaultAt, 4) : track.defaultDuration;
  const tfdt = child(bytes, traf, 'tfdt');
  let end = tfdt ? versioned(bytes, tfdt, 4, 4) : 0;
  for (const trun of children(bytes, traf, 'trun')) {
    const flags = uintBE(bytes, trun.start + 1, 3);
    const count = uintBE(bytes, trun.start + 4, 4);
    if (!(flags & 0x100)) {
      end += count * defaultDuration;
      continue;
    }
    const entry = [0x100, 0x200, 0x400, 0x800].filter((flag) => flags & flag).length * 4;
    // Bounded by the box, not by the count it claims: a hostile count cannot make this loop long.
    let at = trun.start + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
    for (let i = 0; i < count && at + entry <= trun.end; i++, at += entry) end += uintBE(bytes, at, 4);
  }
  return end;
}

/** Where the audio track's last fragment ends, in track timescale; null when the file has no fragments of it. */
function fragmentsEnd(bytes: Uint8Array, track: AudioTrack): number | null {
  let end: number | null = null;
  eachBox(bytes, 0, bytes.length, 'moof', (moofStart, moofEnd) =>
    eachBox(bytes, moofStart, moofEnd, 'traf', (start, trafEnd) => {
      const fragment = fragmentEnd(bytes, { start, end: trafEnd }, track);
      if (fragment !== null) end = Math.max(end ?? 0, fragment);
    }),
  );
  return end;
}

/** Duration of an MP4 with an audio track and no video, or null when the bytes are not one. */
export function inspectMp4(bytes: Uint8Array): { durationSeconds: number | null } | null {
  const file = { start: 0, end: bytes.length };
  const moov = child(bytes, file, 'moov');
  if (ascii(bytes, 4, 4) !== 'ftyp' || !moov) return null;
  const track = audioTrack(bytes, moov);
  if (!track) return null;
  const mvhd = child(bytes, moov, 'mvhd');
  const timescale = mvhd ? uintBE(bytes, mvhd.start + (bytes[mvhd.start] === 1 ? 20 : 12), 4) : 0;
  const duration = mvhd ? versioned(bytes, mvhd, 16, 24) : 0;
  // 0 (or all ones) is what a streaming muxer writes before it knows: then mehd, then the fragments.
  if (timescale > 0 && duration > 0 && duration !== 0xffffffff && duration < 2 ** 53)
    return { durationSeconds: seconds(duration / timescale) };
  const mehd = child(bytes, child(bytes, moov, 'mvex'), 'mehd');
  const fragmentDuration = mehd ? versioned(bytes, mehd, 4, 4) : 0;
  if (timescale > 0 && fragmentDuration > 0) return { durationSeconds: seconds(fragmentDuration / timescale) };
  const end = track.timescale > 0 ? fragmentsEnd(bytes, track) : null;
  return { durationSeconds: end === null ? null : seconds(end / track.timescale) };
}
