// WebM (Matroska/EBML) as Chromium's MediaRecorder writes it: a Segment and Clusters of unknown size
// (the recorder streams, so it never goes back to write sizes) and no Duration in Info.
import { ascii, seconds, uintBE } from './recording-bytes';

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACK_TYPE = 0x83;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const TRACK_VIDEO = 1;
const TRACK_AUDIO = 2;

/**
 * Masters the walk steps into instead of over: EBML header, Segment, Info, Tracks, TrackEntry, Cluster,
 * BlockGroup. Walking their children in one flat pass means no element's end is ever needed, which is
 * what makes unknown-size elements harmless (a Cluster simply ends where the next one starts).
 */
const DESCEND = new Set([EBML, 0x18538067, 0x1549a966, 0x1654ae6b, 0xae, 0x1f43b675, 0xa0]);

interface Vint {
  value: number;
  length: number;
  /** All value bits set: the "unknown size" marker. */
  unknown: boolean;
}

/** An EBML variable-length integer at `at`: ids keep their length marker, sizes drop it. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let unknown = (first & mask) === mask;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    unknown &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: unknown && !keepMarker };
}

interface Scan {
  docType: string;
  timecodeScale: number;
  infoDuration: number | null;
  audioTracks: number;
  videoTracks: number;
  clusterTime: number;
  firstBlock: number | null;
  lastBlock: number | null;
}

function readFloat(data: Uint8Array): number | null {
  if (data.length !== 4 && data.length !== 8) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return data.length === 4 ? view.getFloat32(0) : view.getFloat64(0);
}

/** A block's time in timecode-scale units: its cluster's timecode plus its own signed 16-bit offset. */
function blockTime(scan: Scan, data: Uint8Array): number | null {
  const track = vint(data, 0, false);
  if (!track || track.length + 2 > data.length) return null;
  const offset = uintBE(data, track.length, 2);
  return scan.clusterTime + (offset >= 0x8000 ? offset - 0x10000 : offset);
}

function readLeaf(scan: Scan, id: number, data: Uint8Array): void {
  if (id === DOC_TYPE) scan.docType = ascii(data, 0, data.length).replace(/\0+$/, '');
  else if (id === TIMECODE_SCALE) scan.timecodeScale = uintBE(data, 0, Math.min(data.length, 8));
  else if (id === DURATION) scan.infoDuration = readFloat(data);
  else if (id === CLUSTER_TIMECODE) scan.clusterTime = uintBE(data, 0, Math.min(data.length, 8));
  else if (id === TRACK_TYPE) {
    const type = uintBE(data, 0, Math.min(data.length, 8));
    if (type === TRACK_AUDIO) scan.audioTracks++;
    if (type === TRACK_VIDEO) scan.videoTracks++;
  } else if (id === SIMPLE_BLOCK || id === BLOCK) {
    const time = blockTime(scan, data);
    if (time === null) return;
    scan.firstBlock ??= time;
    scan.lastBlock = Math.max(scan.lastBlock ?? time, time);
  }
}

/** Walks the file once; stops at the first element it cannot read (a truncated upload keeps what came before). */
function walk(bytes: Uint8Array): Scan {
  const scan: Scan = {
    docType: '',
    timecodeScale: 1_000_000,
    infoDuration: null,
    audioTracks: 0,
    videoTracks: 0,
    clusterTime: 0,
    firstBlock: null,
    lastBlock: null,
  };
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true);
    if (!id || id.length > 4) break;
    const size = vint(bytes, at + id.length, false);
    if (!size) break;
    const start = at + id.length + size.length;
    // Every step moves forward by at least the two header bytes, so the walk ends on any input.
    if (DESCEND.has(id.value)) {
      at = start;
      continue;
    }
    if (size.unknown || start + size.value > bytes.length) break;
    readLeaf(scan, id.value, bytes.subarray(start, start + size.value));
    at = start + size.value;
  }
  return scan;
}

/** Duration of a WebM with audio and no video, or null when the bytes are not one. */
export function inspectWebm(bytes: Uint8Array): { durationSeconds: number | null } | null {
  if (uintBE(bytes, 0, 4) !== EBML) return null;
  const scan = walk(bytes);
  // Only DocType webm: Matroska files are not what a browser records, and audio/webm would misname them.
  if (scan.docType !== 'webm' || scan.audioTracks === 0 || scan.videoTracks > 0) return null;
  const nsPerUnit = scan.timecodeScale || 1_000_000;
  if (scan.firstBlock !== null && scan.lastBlock !== null) {
    // From the first block, not from zero: a stream cut from a longer one keeps its original timestamps.
    return { durationSeconds: seconds(((scan.lastBlock - scan.firstBlock) * nsPerUnit) / 1e9) };
  }
  return { durationSeconds: scan.infoDuration === null ? null : seconds((scan.infoDuration * nsPerUnit) / 1e9) };
}
