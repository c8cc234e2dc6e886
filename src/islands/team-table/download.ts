/** Saves the CSV as team-progress.csv through a temporary link (no server round trip). */
export function downloadCsv(csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'team-progress.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
