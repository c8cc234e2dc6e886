/** What anybody but an administrator is told on an administrators' page or call (docs/product.md "Team Progress (/team-progress)"). */
export const ACCESS_DENIED_TITLE = 'Access Denied';
export const ACCESS_DENIED_DESCRIPTION = 'The Team Progress dashboard is only accessible to administrators.';
