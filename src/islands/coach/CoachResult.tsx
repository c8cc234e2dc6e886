// The coach's result (docs/product.md "Sales Situations Coach (/sales-situations)"): the situation, why it was chosen, its plays (first
// selected), Start Over.
import { useEffect, useRef } from 'react';
import type { Play, SalesSituation } from '~/schemas/coach';
import { playPreview, type CoachMatch } from '~/shared/coach/match';
import { playParts } from '~/shared/coach/placeholders';
import { OtherSituations } from './OtherSituations';

/** Why the situation is shown: picked by the user, or matched from the typed request. */
export type CoachReason = { reason: 'chosen' } | CoachMatch;

interface Props {
  situation: SalesSituation;
  /** Every situation: offered again when no keyword matched. */
  situations: SalesSituation[];
  why: CoachReason;
  playIndex: number;
  onPickPlay: (index: number) => void;
  onStartOver: () => void;
  onChoose: (situation: SalesSituation) => void;
}

function Why({ why, name }: { why: CoachReason; name: string }) {
  if (why.reason === 'chosen') return <>You chose this situation.</>;
  if (why.reason === 'keywords') {
    return (
      <>
        Matched your request on{' '}
        {why.matchedKeywords.map((keyword, i) => (
          <span key={keyword}>
            {i > 0 && ', '}
            <mark className="rounded bg-accent/40 px-1 text-base-content">{keyword}</mark>
          </span>
        ))}{' '}
        (score {why.score}).
      </>
    );
  }
  return why.trigger ? (
    <>
      No keyword matched; your request mentions “{why.trigger}”, so start with {name}.
    </>
  ) : (
    <>No keyword matched, so start with {name}.</>
  );
}

function PlayDetail({ play }: { play: Play }) {
  const parts = playParts(play.play);
  return (
    <div className="space-y-4" data-testid="coach-play">
      <blockquote className="border-l-4 border-primary pl-4 text-lg leading-relaxed">
        {parts.map((part, i) =>
          part.placeholder ? (
            <span key={i} className="rounded bg-warning/25 px-1 italic" data-testid="play-placeholder">
              {part.text}
            </span>
          ) : (
            part.text
          ),
        )}
      </blockquote>
      {parts.some((part) => part.placeholder) && (
        <p className="text-sm opacity-80">Fill in the parts in [brackets] from what you know of this deal.</p>
      )}
      {play.followUp && (
        <div>
          <h4 className="font-semibold">Follow-up</h4>
          <p>{play.followUp}</p>
        </div>
      )}
      <div className="rounded-box bg-base-200 p-4">
        <h4 className="font-semibold">Coach’s tip</h4>
        <p>{play.tip}</p>
      </div>
      {play.links && (
        <div>
          <h4 className="sr-only">Related pages</h4>
          <ul className="flex flex-wrap gap-2">
            {play.links.map((link) => (
              <li key={link.href}>
                <a className="btn btn-outline btn-sm" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function PlayPicker({ plays, playIndex, onPickPlay }: { plays: Play[]; playIndex: number; onPickPlay: (index: number) => void }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold" id="coach-plays-label">
        Choose a play
      </h3>
      <div role="group" aria-labelledby="coach-plays-label" className="grid gap-2 md:grid-cols-2">
        {plays.map((p, i) => (
          <button
            key={i}
            type="button"
            aria-pressed={i === playIndex}
            onClick={() => onPickPlay(i)}
            className={`btn h-auto min-h-12 justify-start py-2 text-left font-normal normal-case ${i === playIndex ? 'btn-primary' : 'btn-outline'}`}
          >
            <span className="shrink-0 font-semibold">Play {i + 1}:</span> <span>{playPreview(p.play)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** Brings the card into view, smoothly unless the reader asked for reduced motion. */
function bringIntoView(element: HTMLElement | null) {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
}

/** The card's id, coach-result, is where a search result's link lands (?situation=…&play=…#coach-result). */
export default function CoachResult({ situation, situations, why, playIndex, onPickPlay, onStartOver, onChoose }: Props) {
  const play = situation.plays[playIndex] ?? situation.plays[0];
  const card = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  // Bring a newly shown situation into view (on small screens it opens below the fold); after a choice
  // from the list below the fallback (which then disappears), its title takes the focus.
  useEffect(() => {
    bringIntoView(card.current);
    if (focusTitle.current) title.current?.focus();
    focusTitle.current = false;
  }, [situation.id]);
  function chooseOther(other: SalesSituation) {
    focusTitle.current = true;
    onChoose(other);
  }
  return (
    <section
      ref={card}
      id="coach-result"
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="coach-result-title"
      data-testid="coach-result"
    >
      <div className="card-body gap-5">
        <div>
          <h2 id="coach-result-title" ref={title} tabIndex={-1} className="card-title text-xl">
            <span aria-hidden="true">{situation.emoji}</span> {situation.name}
          </h2>
          <p className="mt-1 text-sm opacity-80" data-testid="coach-why">
            <Why why={why} name={situation.name} />
          </p>
          {why.reason === 'fallback' && <OtherSituations situations={situations} shownId={situation.id} onChoose={chooseOther} />}
        </div>
        {situation.plays.length > 1 && <PlayPicker plays={situation.plays} playIndex={playIndex} onPickPlay={onPickPlay} />}
        {play && (
          <div>
            <h3 className="mb-2 font-semibold">
              {situation.plays.length > 1 ? `Play ${playIndex + 1} of ${situation.plays.length}` : 'The play'}
            </h3>
            <PlayDetail play={play} />
          </div>
        )}
        <div className="card-actions">
          <button type="button" className="btn btn-outline" onClick={onStartOver}>
            Start Over
          </button>
        </div>
      </div>
    </section>
  );
}
