/** A team icon path as the platform answers it ("/api/team/icon/7"), optionally already on the icon host. */
const TEAM_ICON = /^(?:https?:\/\/[^/?#]+)?\/api\/team\/icon\/[^/?#]+$/;

/** Spec section 7: "Team icon URL: icon host plus /api/team/icon/{id} with kw and appId=2". */
export const TEAM_ICON_APP_ID = '2';

/**
 * The spec's team icon URL: the icon path with `kw` (the team's name, the keyword the icon service looks it up by)
 * and `appId=2`. Any other image (league icons, logos on other hosts) is left as it is.
 */
export function teamIconUrl(path: string, teamName: string): string {
  if (!TEAM_ICON.test(path)) return path;
  const query = new URLSearchParams({ kw: teamName, appId: TEAM_ICON_APP_ID });
  return `${path}?${query.toString()}`;
}
