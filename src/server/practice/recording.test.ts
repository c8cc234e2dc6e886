import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspectRecording, type RecordingFacts, type RecordingFormat } from './recording';

// Real recordings made by ffmpeg and by Chromium's MediaRecorder: tests/fixtures/practice-audio/README.md.
const DIR = 'tests/fixtures/practice-audio';
const fixture = (name: string) => new Uint8Array(readFileSync(`${DIR}/${name}`));

const RECORDINGS: [string, RecordingFormat, string][] = [
  ['chromium-mediarecorder.webm', 'webm', 'audio/webm'],
  ['tone.webm', 'webm', 'audio/webm'],
  ['tone-opus.ogg', 'ogg', 'audio/ogg'],
  ['tone-vorbis.ogg', 'ogg', 'audio/ogg'],
  ['tone.m4a', 'mp4', 'audio/mp4'],
  ['tone-fragmented.m4a', 'mp4', 'audio/mp4'],
  ['tone.wav', 'wav', 'audio/wav'],
  ['tone.mp3', 'mpeg', 'audio/mpeg'],
  ['tone-no-header.mp3', 'mpeg', 'audio/mpeg'],
];
const REFUSED = ['with-video.webm', 'with-video.mp4', 'text.webm', 'png-image.webm'];

function expectAbout(actual: number | null | undefined, seconds: number, within = 0.3) {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - seconds)).toBeLessThanOrEqual(within);
}

/** A small deterministic PRNG (mulberry32), so a failing fuzz case is the same on the next run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const u32 = (value: number) => new Uint8Array([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const text = (value: string) => new TextEncoder().encode(value);
/** An MP4 box: 32-bit size, type, payload. */
const box = (type: string, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  return concat(u32(8 + body.length), text(type), body);
};

/** A minimal MP4 with a version 1 mvhd (64-bit times) and one track of the given handler. */
function mp4WithMvhdV1(timescale: number, duration: number, handler: string) {
  const mvhd = box('mvhd', new Uint8Array([1, 0, 0, 0]), new Uint8Array(16), u32(timescale), u32(0), u32(duration), new Uint8Array(80));
  const hdlr = box('hdlr', new Uint8Array(8), text(handler), new Uint8Array(13));
  const mdhd = box('mdhd', new Uint8Array(12), u32(timescale), u32(duration), new Uint8Array(4));
  const tkhd = box('tkhd', new Uint8Array(12), u32(1), new Uint8Array(68));
  return concat(box('ftyp', text('isomisom')), box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr))));
}

/** Every result is null or well-formed facts; a call that threw or ran long fails the test. */
function expectSafe(bytes: Uint8Array) {
  const started = performance.now();
  const facts: RecordingFacts | null = inspectRecording(bytes);
  expect(performance.now() - started).toBeLessThan(2000);
  if (facts === null) return;
  expect(['webm', 'ogg', 'mp4', 'wav', 'mpeg']).toContain(facts.format);
  expect(facts.contentType).toBe(`audio/${facts.format}`);
  if (facts.durationSeconds !== null) expect(Number.isFinite(facts.durationSeconds) && facts.durationSeconds >= 0).toBe(true);
}

describe('inspectRecording', () => {
  it.each(RECORDINGS)('reads %s as %s (%s), about 3 seconds long', (name, format, contentType) => {
    const facts = inspectRecording(fixture(name));
    expect(facts).toMatchObject({ format, contentType });
    expectAbout(facts?.durationSeconds, 3);
  });

  it.each(REFUSED)('refuses %s (video, or not a recording at all)', (name) => {
    expect(inspectRecording(fixture(name))).toBeNull();
  });

  it('refuses nothing, and a few bytes of nothing', () => {
    expect(inspectRecording(new Uint8Array())).toBeNull();
    expect(inspectRecording(new Uint8Array([0x1a, 0x45]))).toBeNull();
    expect(inspectRecording(text('OggS'))).toBeNull();
    expect(inspectRecording(text('ID3'))).toBeNull();
  });

  it('reads the Chromium recording from its blocks: unknown-size Segment and Clusters, no Duration', () => {
    const bytes = fixture('chromium-mediarecorder.webm');
    const hex = Buffer.from(bytes).toString('hex');
    // What makes the fixture MediaRecorder-shaped; if it were regenerated otherwise, this test would prove less.
    expect(hex).toContain('1f43b67501ffffffffffffff');
    expect(hex).toContain('1853806701ffffffffffffff');
    expect(hex).not.toContain('4489');
    expectAbout(inspectRecording(bytes)?.durationSeconds, 3);
  });

  it('falls back to the Info Duration when no block is there (a WebM cut before its first Cluster)', () => {
    const bytes = fixture('tone.webm');
    const cluster = Buffer.from(bytes).indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(cluster).toBeGreaterThan(0);
    const facts = inspectRecording(bytes.subarray(0, cluster));
    expect(facts?.format).toBe('webm');
    expectAbout(facts?.durationSeconds, 3.008, 0.001);
  });

  it("subtracts Opus's pre-skip from the last granule position", () => {
    // Without it, ffmpeg's 312-sample pre-skip would add 6.5 ms.
    expectAbout(inspectRecording(fixture('tone-opus.ogg'))?.durationSeconds, 3, 0.001);
  });

  it('reads a version 1 mvhd, and refuses an MP4 whose only track is video', () => {
    expect(inspectRecording(mp4WithMvhdV1(1000, 2500, 'soun'))).toEqual({ format: 'mp4', contentType: 'audio/mp4', durationSeconds: 2.5 });
    expect(inspectRecording(mp4WithMvhdV1(1000, 2500, 'vide'))).toBeNull();
  });

  it('counts only the WAV data that is there when the upload was cut short', () => {
    const bytes = fixture('tone.wav');
    // 8 kHz 16-bit mono is 16,000 bytes a second; ffmpeg's header has a LIST chunk, so find where the data starts.
    const data = Buffer.from(bytes).indexOf('data') + 8;
    expectAbout(inspectRecording(bytes.subarray(0, data + 16000))?.durationSeconds, 1, 0.001);
  });

  it('never throws or hangs on random bytes, behind each magic word or not', () => {
    const next = random(1);
    const magics = [
      [],
      [0x1a, 0x45, 0xdf, 0xa3],
      [...text('OggS'), 0],
      [0, 0, 0, 24, ...text('ftyp')],
      [...text('RIFF'), 0, 0, 0, 0, ...text('WAVE')],
    ];
    magics.push([...text('ID3'), 4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64]);
    for (const magic of magics) {
      for (let i = 0; i < 300; i++) {
        const noise = Array.from({ length: Math.floor(next() * 600) }, () => Math.floor(next() * 256));
        expectSafe(new Uint8Array([...magic, ...noise]));
      }
    }
  });

  it('never throws or hangs on hostile sizes (huge, zero, unknown where not allowed)', () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77];
    expectSafe(new Uint8Array([...ebml, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xa3, 0x01, 0xff]));
    expectSafe(new Uint8Array([...ebml, 0xe7, 0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x2a, 0xd7, 0xb1, 0x80]));
    expectSafe(concat(box('ftyp'), u32(1), text('moov'), new Uint8Array(8).fill(0xff)));
    expectSafe(concat(box('ftyp'), u32(0), text('moov'), u32(0), text('trak')));
    const trun = box('trun', new Uint8Array([0, 0, 1, 0]), u32(0xffffffff), u32(0xffffffff));
    expectSafe(concat(mp4WithMvhdV1(1000, 0, 'soun'), box('moof', box('traf', box('tfhd', u32(0), u32(1)), trun))));
    expectSafe(concat(text('RIFF'), u32(0), text('WAVEfmt '), new Uint8Array(4).fill(0xff)));
  });

  it('stays quick on 5 MB (the upload limit) of the smallest elements each format allows', () => {
    const size = 5 * 1024 * 1024;
    const tiled = (head: number[], tile: number[]) => {
      const bytes = new Uint8Array(size);
      for (let at = head.length; at + tile.length <= size; at += tile.length) bytes.set(tile, at);
      bytes.set(head);
      return bytes;
    };
    const mp4Audio = mp4WithMvhdV1(1000, 0, 'soun');
    expectSafe(tiled([...mp4Audio], [0, 0, 0, 8, ...text('moof')]));
    expectSafe(tiled([0x1a, 0x45, 0xdf, 0xa3, 0x80], [0xa0, 0x80]));
    expectSafe(tiled([], [...text('OggS'), ...new Array<number>(23).fill(0)]));
    expectSafe(tiled([...text('RIFF'), 0, 0, 0, 0, ...text('WAVE')], [...text('junk'), 0, 0, 0, 0]));
  });

  it.each(readdirSync(DIR).filter((name) => !name.endsWith('.md')))(
    'never throws or hangs on %s cut short or with bytes changed',
    (name) => {
      const bytes = fixture(name);
      const next = random(bytes.length);
      // Every offset through the headers, where the parsers make their decisions, then a spread through the rest.
      for (let end = 0; end < Math.min(bytes.length, 512); end++) expectSafe(bytes.subarray(0, end));
      for (let end = 512; end < bytes.length; end += 97) expectSafe(bytes.subarray(0, end));
      for (let i = 0; i < 200; i++) {
        const changed = bytes.slice();
        for (let j = 0; j < 8; j++) changed[Math.floor(next() * Math.min(changed.length, 2048))] = Math.floor(next() * 256);
        expectSafe(changed);
      }
    },
  );
});
