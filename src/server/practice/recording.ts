// What a practice recording really is, read from its bytes: the Content-Type a browser (or anyone else)
// sends is only a claim. Browsers record WebM/Opus (Chromium), MP4/AAC (Safari) or Ogg/Opus (Firefox);
// WAV and MP3 come from uploads of files recorded elsewhere. The duration is checked against the
// scenario's time limit, so it is read from the container, never trusted from the client.
import { ascii, seconds, uintBE, uintLE } from './recording-bytes';
import { inspectMp4 } from './recording-mp4';
import { inspectOgg } from './recording-ogg';
import { inspectWebm } from './recording-webm';

export type RecordingFormat = 'webm' | 'ogg' | 'mp4' | 'wav' | 'mpeg';

export interface RecordingFacts {
  format: RecordingFormat;
  /** The type to store and serve it as, e.g. audio/webm. */
  contentType: string;
  /** null when the container does not say. */
  durationSeconds: number | null;
}

type Inspect = (bytes: Uint8Array) => { durationSeconds: number | null } | null;

/** Each format with its content type and parser; every parser checks its own magic bytes first. */
const FORMATS: [RecordingFormat, string, Inspect][] = [
  ['webm', 'audio/webm', inspectWebm],
  ['ogg', 'audio/ogg', inspectOgg],
  ['mp4', 'audio/mp4', inspectMp4],
  ['wav', 'audio/wav', inspectWav],
  ['mpeg', 'audio/mpeg', inspectMpeg],
];

/**
 * The facts of a recording, or null when the bytes are not an audio recording of a known kind (checks
 * magic bytes, and for webm/mp4 that the stream has an audio track and no video track). Never throws, on
 * truncated or hostile input too: every parser reads within bounds and moves forward on each step.
 */
export function inspectRecording(bytes: Uint8Array): RecordingFacts | null {
  for (const [format, contentType, inspect] of FORMATS) {
    const found = inspect(bytes);
    if (found) return { format, contentType, durationSeconds: found.durationSeconds };
  }
  return null;
}

/** WAV: the data chunk's size over the fmt chunk's byte rate. */
function inspectWav(bytes: Uint8Array): { durationSeconds: number | null } | null {
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return null;
  let byteRate: number | null = null;
  // Each chunk moves `at` forward by at least its 8-byte header, so the loop ends on any input.
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = ascii(bytes, at, 4);
    const size = uintLE(bytes, at + 4, 4);
    if (id === 'fmt ' && size >= 16 && at + 24 <= bytes.length) byteRate = uintLE(bytes, at + 16, 4);
    if (id === 'data') {
      if (byteRate === null) return null;
      // A streaming writer leaves the size 0 or all ones, and a truncated upload holds less than it says: count what is there.
      const present = bytes.length - (at + 8);
      const dataSize = size === 0 || size === 0xffffffff ? present : Math.min(size, present);
      return { durationSeconds: byteRate > 0 ? seconds(dataSize / byteRate) : null };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

// kbit/s for bitrate indexes 1–14, by MPEG version and layer.
const KBPS = {
  v1l1: [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

interface MpegFrame {
  length: number;
  bitrate: number;
  sampleRate: number;
  samples: number;
  /** Side information's length (layer III), where a Xing/Info header would follow. */
  sideInfo: number;
  /** Header bits that stay the same from frame to frame in one stream (version, layer, sample rate). */
  key: number;
}

function mpegFrame(bytes: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const [b1, b2, b3] = [bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  const version = (b1 >> 3) & 3; // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
  const layer = 4 - ((b1 >> 1) & 3);
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const table = mpeg1 ? [KBPS.v1l1, KBPS.v1l2, KBPS.v1l3][layer - 1]! : layer === 1 ? KBPS.v2l1 : KBPS.v2l23;
  const bitrate = table[bitrateIndex - 1]! * 1000;
  const sampleRate = [44100, 48000, 32000][rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const samples = layer === 1 ? 384 : layer === 3 && !mpeg1 ? 576 : 1152;
  const padding = (b2 >> 1) & 1;
  const length =
    layer === 1 ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4 : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  const mono = b3 >> 6 === 3;
  const sideInfo = layer !== 3 ? 0 : mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return { length, bitrate, sampleRate, samples, sideInfo, key: ((b1 & 0xfe) << 8) | (b2 & 0x0c) };
}

/** MP3 (or MPEG layer I/II), after an ID3v2 tag or straight from a frame sync. */
function inspectMpeg(bytes: Uint8Array): { durationSeconds: number | null } | null {
  let at = 0;
  if (ascii(bytes, 0, 3) === 'ID3') {
    const sizeBytes = bytes.subarray(6, 10);
    if (sizeBytes.length < 4 || sizeBytes.some((byte) => byte >= 0x80)) return null;
    // The tag's size is "syncsafe": 7 bits a byte; a footer (flag 0x10) adds 10 more bytes.
    at = 10 + sizeBytes.reduce((size, byte) => size * 128 + byte, 0) + (bytes[5]! & 0x10 ? 10 : 0);
  }
  const first = mpegFrame(bytes, at);
  // A frame sync is only two bytes' worth of evidence: the next frame must follow where the first ends.
  const second = first && mpegFrame(bytes, at + first.length);
  if (!first || !second || second.key !== first.key) return null;
  // Encoders (LAME, ffmpeg) put the frame count in a Xing/Info header in the first frame: exact, even for VBR.
  const xing = at + 4 + first.sideInfo;
  const tag = ascii(bytes, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && uintBE(bytes, xing + 4, 4) & 0x01) {
    return { durationSeconds: seconds((uintBE(bytes, xing + 8, 4) * first.samples) / first.sampleRate) };
  }
  // Otherwise an estimate as if at the first frame's bitrate throughout (exact for constant bitrate).
  const end = ascii(bytes, bytes.length - 128, 3) === 'TAG' ? bytes.length - 128 : bytes.length;
  return { durationSeconds: seconds(((end - at) * 8) / first.bitrate) };
}
