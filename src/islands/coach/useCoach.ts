// The coach's state: the typed request, the situation shown (and why, and which play), and the
// screen-reader status line that tells what changed.
import { useRef, useState, type SubmitEvent } from 'react';
import { matchSituation } from '~/shared/coach/match';
import type { SalesSituation } from '~/schemas/coach';
import type { CoachReason } from './CoachResult';
import { useKeptBeforeHydration } from '../shared/useKeptBeforeHydration';

interface Shown {
  id: string;
  why: CoachReason;
  playIndex: number;
}

/** A situation and play to show from the start (a search result's link: ?situation=…&play=…). */
export interface InitialChoice {
  situationId: string;
  /** 0-based. */
  playIndex: number;
}

export function useCoach(situations: SalesSituation[], initial?: InitialChoice) {
  const [request, setRequest] = useState('');
  const [shown, setShown] = useState<Shown | null>(() =>
    initial ? { id: initial.situationId, why: { reason: 'chosen' }, playIndex: initial.playIndex } : null,
  );
  const [status, setStatus] = useState('');
  const pickerHeading = useRef<HTMLHeadingElement>(null);
  // A situation typed into the server-rendered box before hydration.
  const requestBox = useKeptBeforeHydration<HTMLTextAreaElement>((box) => {
    if (box.value) setRequest((current) => current || box.value);
  });

  const situation = shown ? situations.find((s) => s.id === shown.id) : undefined;

  function show(target: SalesSituation, why: CoachReason) {
    setShown({ id: target.id, why, playIndex: 0 });
    const plays = target.plays.length;
    setStatus(`Coaching for ${target.name}${plays > 1 ? `, play 1 of ${plays}` : ''}.`);
  }

  function choose(target: SalesSituation) {
    setRequest('');
    show(target, { reason: 'chosen' });
  }

  function getCoaching(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    const match = matchSituation(request, situations);
    if (!match) return; // blank request: nothing happens
    const target = situations.find((s) => s.id === match.situationId) ?? situations[0];
    if (target) show(target, match);
  }

  function pickPlay(index: number) {
    if (!shown || !situation) return;
    setShown({ ...shown, playIndex: index });
    setStatus(`Play ${index + 1} of ${situation.plays.length} selected.`);
  }

  function startOver() {
    setShown(null);
    setRequest('');
    setStatus('Coaching cleared. Choose a situation or describe one.');
    pickerHeading.current?.focus();
  }

  return { request, setRequest, shown, situation, status, pickerHeading, requestBox, choose, getCoaching, pickPlay, startOver };
}
