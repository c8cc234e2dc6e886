import type { TeamFilter as Filter } from '~/shared/team/team-table';

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active (last 7 days)' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'behind', label: 'Behind or overdue' },
  { value: 'due-soon', label: 'Due in the next 7 days' },
  { value: 'overdue', label: 'Overdue plan items' },
  { value: 'certificate-expiring', label: 'Certificate expiring in 30 days' },
  { value: 'practice-waiting', label: 'Practice waiting for review' },
];

/** The table's filters (All, Active, Inactive, Behind or overdue, Due soon, and the glance counts' lists), as radios of the table's form. */
export function TeamFilter({ filter }: { filter: Filter }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Show team members</legend>
      {FILTERS.map(({ value, label }) => (
        <label key={value} className="flex cursor-pointer items-center gap-1 text-sm">
          <input type="radio" name="filter" className="radio radio-sm" value={value} defaultChecked={filter === value} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
