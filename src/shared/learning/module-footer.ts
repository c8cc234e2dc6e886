// The module footer's words (docs/product.md "Module detail (/modules/{id})"), for the server-rendered page and the Mark Complete script
// alike.
export function moduleFooterText(completedCount: number, lessonCount: number): string {
  return lessonCount > 0 && completedCount >= lessonCount ? 'Module Completed' : `${completedCount} of ${lessonCount} lessons completed`;
}
