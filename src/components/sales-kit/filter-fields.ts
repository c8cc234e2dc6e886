/** The selects of a Sales Kit page's FilterForm: each is a query parameter the server filters on. */
export interface FilterField {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  selected?: string | undefined;
}

/** A select of named things (personas, segments, coach situations) by their ids. */
export function namedField(
  name: string,
  label: string,
  things: readonly { id: number | string; name: string }[],
  selected: number | string | undefined,
): FilterField {
  return { name, label, selected: selected?.toString(), options: things.map((thing) => ({ value: String(thing.id), label: thing.name })) };
}

/** A select of a schema's fixed values, shown by their labels. */
export function choiceField<T extends string>(
  name: string,
  label: string,
  values: readonly T[],
  labels: Record<T, string>,
  selected: T | undefined,
): FilterField {
  return { name, label, selected, options: values.map((value) => ({ value, label: labels[value] })) };
}
