// The recorder's state: the microphone through MediaRecorder, a timer that stops at the scenario's limit, a
// level from an AnalyserNode, and the clip to play back and send. `onRefused` runs when there is no
// microphone, it is not allowed, or the browser has no MediaRecorder.
import { useCallback, useEffect, useRef, useState } from 'react';
import { clockOf } from '~/shared/practice/view';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'recorded';
export interface Clip {
  blob: Blob;
  url: string;
  seconds: number;
}

interface Listeners {
  onSecond: (seconds: number) => void;
  onLevel: (level: number) => void;
  onClip: (clip: Clip) => void;
}

/** Level 0–100 from the waveform's loudness (root mean square around the middle, 128). */
function levelOf(analyser: AnalyserNode, samples: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(samples);
  let sum = 0;
  for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
  return Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300));
}

/** Records the stream until the limit or the returned stop; the clip comes to `onClip` once the recorder has stopped. */
function record(stream: MediaStream, limitSeconds: number, { onSecond, onLevel, onClip }: Listeners): () => void {
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const startedAt = performance.now();
  let stoppedAt: number | null = null;
  const seconds = () => Math.min(limitSeconds, ((stoppedAt ?? performance.now()) - startedAt) / 1000);
  let frame = requestAnimationFrame(function meter() {
    onLevel(levelOf(analyser, samples));
    frame = requestAnimationFrame(meter);
  });
  const timer = setInterval(() => {
    onSecond(Math.floor(seconds()));
    if (seconds() >= limitSeconds) stop();
  }, 250);
  function stop() {
    stoppedAt ??= performance.now();
    clearInterval(timer);
    cancelAnimationFrame(frame);
    if (recorder.state !== 'inactive') recorder.stop();
  }
  recorder.ondataavailable = (event) => chunks.push(event.data);
  recorder.onstop = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
    onClip({ blob, url: URL.createObjectURL(blob), seconds: Math.round(seconds()) });
  };
  recorder.start(1000);
  return stop;
}

export function useRecorder(limitSeconds: number, onRefused: () => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const stopper = useRef<(() => void) | null>(null);

  const stop = useCallback(() => stopper.current?.(), []);
  useEffect(() => () => stopper.current?.(), []);
  useEffect(() => () => (clip ? URL.revokeObjectURL(clip.url) : undefined), [clip]);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return onRefused();
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return onRefused();
    }
    stopper.current = record(stream, limitSeconds, {
      onSecond: setElapsed,
      onLevel: setLevel,
      onClip: (recorded) => {
        stopper.current = null;
        setClip(recorded);
        setLevel(0);
        setPhase('recorded');
        setAnnouncement(`Recording stopped, ${clockOf(recorded.seconds)}`);
      },
    });
    setElapsed(0);
    setPhase('recording');
    setAnnouncement('Recording started');
  }, [limitSeconds, onRefused]);

  const reset = useCallback(() => {
    setClip(null);
    setElapsed(0);
    setPhase('idle');
    setAnnouncement('');
  }, []);

  return { phase, elapsed, level, clip, announcement, start, stop, reset };
}
