// Ogg as Firefox's MediaRecorder writes it (Opus), or Vorbis: the duration is the last page's granule
// position, which counts samples (always at 48 kHz for Opus, less the encoder's pre-skip).
import { ascii, seconds, uintLE } from './recording-bytes';

const OPUS_RATE = 48_000;

interface Codec {
  rate: number;
  preSkip: number;
}

/** The codec named by a stream's first packet, or null for anything but Opus and Vorbis (Theora video, say). */
function identify(packet: Uint8Array): Codec | null {
  if (ascii(packet, 0, 8) === 'OpusHead' && packet.length >= 19) return { rate: OPUS_RATE, preSkip: uintLE(packet, 10, 2) };
  if (ascii(packet, 0, 7) === '\x01vorbis' && packet.length >= 16) return { rate: uintLE(packet, 12, 4), preSkip: 0 };
  return null;
}

/** Duration of an Ogg Opus or Vorbis recording, or null when the bytes are not one. */
export function inspectOgg(bytes: Uint8Array): { durationSeconds: number | null } | null {
  let codec: Codec | null = null;
  let serial = -1;
  let granule: number | null = null;
  let at = 0;
  // Each page moves `at` forward by at least its 27-byte header, so the loop ends on any input.
  while (at + 27 <= bytes.length && ascii(bytes, at, 4) === 'OggS' && bytes[at + 4] === 0) {
    const tableEnd = at + 27 + bytes[at + 26]!;
    if (tableEnd > bytes.length) break;
    let bodyLength = 0;
    for (let i = at + 27; i < tableEnd; i++) bodyLength += bytes[i]!;
    const bodyEnd = tableEnd + bodyLength;
    // A page cut short by truncation is not trusted: its granule counts samples that are not there.
    if (bodyEnd > bytes.length) break;
    const pageSerial = uintLE(bytes, at + 14, 4);
    if ((bytes[at + 5]! & 0x02) !== 0) {
      // A second stream's start: a recording is one audio stream, so anything more is refused.
      if (codec) return null;
      codec = identify(bytes.subarray(tableEnd, bodyEnd));
      if (!codec) return null;
      serial = pageSerial;
    } else if (codec && pageSerial === serial) {
      const low = uintLE(bytes, at + 6, 4);
      const high = uintLE(bytes, at + 10, 4);
      // All ones means no packet ends on this page, so it says nothing about time.
      if (!(low === 0xffffffff && high === 0xffffffff)) granule = high * 2 ** 32 + low;
    }
    at = bodyEnd;
  }
  if (!codec) return null;
  if (granule === null || codec.rate === 0) return { durationSeconds: null };
  return { durationSeconds: seconds(Math.max(0, granule - codec.preSkip) / codec.rate) };
}
