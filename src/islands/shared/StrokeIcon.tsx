// A line icon for islands, drawn in the text colour (the server-rendered pages use Icon.astro).
interface Props {
  /** The path's outline. */
  d: string;
  className: string;
  strokeWidth: string;
  /** Rounded corners where the path's lines meet. */
  roundJoins?: boolean;
}

export function StrokeIcon({ d, className, strokeWidth, roundJoins = false }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? 'round' : undefined}
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
