/** The cart, the registration summary and the calendar link. */
/** The cart panel (spec "Cart drawer"). */
export const CART = {
  title: "Inschrijving",
  hint: "Kies per ronde één workshop.",
  /** The toggle's text and accessible name: 'Inschrijving ({n})'. */
  toggle: (count: number) => `Inschrijving (${count})`,
  round: (number: number) => `Ronde ${number}`,
  chooseWorkshop: "Kies workshop",
  remove: (workshop: string) => `Verwijder ${workshop}`,
  count: (count: number) => `${count} geselecteerde workshop(s).`,
  finish: "Inschrijving afronden",
  change: "Inschrijving wijzigen",
  /** How long an unconfirmed registration holds its seats (the upstream's `expires`, decision 0065). */
  heldUntil: (time: string) =>
    `Je plekken blijven tot ${time} voor je vastgehouden. Rond je inschrijving voor die tijd af.`,
  /**
   * The same hold for a registration with no workshop chosen that waits on one or more waiting lists (issue 43):
   * it cannot be sent without a workshop, so the student is told to choose one too.
   */
  waitlistHeldUntil: (time: string, places: number) =>
    `${places === 1 ? "Je plek op de wachtlijst blijft" : "Je plekken op de wachtlijsten blijven"} tot ${time} voor je vastgehouden. Kies een workshop en rond je inschrijving voor die tijd af.`,
} as const;

/** The calendar file's event for a round. */
export const CALENDAR = {
  round: (round: number, day: string) => `Ronde ${round} van ${day}`,
} as const;

/** 'Jouw inschrijving': the registration's day, school and choices per round. */
export const SUMMARY = {
  title: "Jouw inschrijving",
  day: "Evenement",
  school: "School",
  choices: "Jouw keuze",
  noChoice: "Geen keuze",
} as const;

/** Cancelling a registration, and choosing another day while one is confirmed. */
export const CANCEL_LABELS = {
  trigger: "Inschrijving annuleren",
  keep: "Annuleren",
  confirm: "Ja, schrijf mij uit",
} as const;
