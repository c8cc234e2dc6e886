import type { Filter } from './useTeamRows';

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active (last 7 days)' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'behind', label: 'Behind or overdue' },
  { value: 'due-soon', label: 'Due in the next 7 days' },
];

/** All / Active / Inactive / Behind or overdue / Due in the next 7 days, as radios. */
export function TeamFilter({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show team members</legend>
      {FILTERS.map(({ value, label }) => (
        <label key={value} className="flex cursor-pointer items-center gap-1 text-sm">
          <input
            type="radio"
            name="team-filter"
            className="radio radio-sm"
            value={value}
            checked={filter === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
