/** The workshop list and its filters. */
/** /workshops. */
export const WORKSHOPS_PAGE = {
  title: "Workshops",
  /** In front of the chosen school's name. */
  school: "School:",
  changeSchool: "Wijzig school",
  /** A card's foot when the student chose it: 'Geselecteerd – 10:00 – 10:45'. */
  chosen: (start: string, end: string) => `Geselecteerd – ${start} – ${end}`,
} as const;

/** The search and filters above the workshop list. */
export const FILTERS = {
  region: "Workshops zoeken en filteren",
  search: "Zoeken",
  apply: "Toepassen",
  toggle: "Filters",
  domains: "Domeinen",
  providers: "Instellingen",
  reset: "Reset filters",
  favourites: "Favorieten",
  otherProvider: "Overige",
} as const;
