/** A workshop's page: choosing a round, the waiting list, favourites. */
/** The workshop page (spec "Workshop info"). */
export const WORKSHOP_PAGE = {
  /** The browser tab's title when the workshop could not be read. */
  documentTitle: "Workshop",
  back: "Terug naar workshops",
  gallery: "Foto's",
  photo: (number: number, total: number, workshop: string) =>
    `Foto ${number} van ${total} bij ${workshop}`,
  enrol: "Inschrijven",
  chooseRound: "Kies een ronde",
  provider: "Aanbieder",
  domains: "Domeinen",
  badges: {
    unavailable: "Niet beschikbaar",
    added: "Toegevoegd aan inschrijving",
    current: (workshop: string) => `Huidige keuze: ${workshop}`,
    choose: "Kies deze ronde",
  },
} as const;

/** The waiting list of a full round, and the seats left in an open one (decision 0024). */
export const WAITLIST = {
  seatsLeft: (seats: number) =>
    seats === 1 ? "Nog 1 plek" : `Nog ${seats} plekken`,
  join: (round: number) => `Op de wachtlijst voor ronde ${round}`,
  leave: (round: number) => `Van de wachtlijst voor ronde ${round}`,
  waiting: (position: number) => `Op de wachtlijst, plek ${position}`,
  /** The line under a round's choice, in the cart and in 'Jouw inschrijving'. */
  line: (workshop: string, position: number) =>
    `Wachtlijst: ${workshop} (plek ${position})`,
  joined: (round: number) => `Je staat op de wachtlijst voor ronde ${round}.`,
  /** After 'joined': the place the registration has on the list. */
  place: (position: number) => `Je bent nummer ${position} op de lijst.`,
  left: (round: number) =>
    `Je staat niet meer op de wachtlijst voor ronde ${round}.`,
  /** A join that left the registration off the list (a form sent before, answered as it was then). */
  notJoined: (round: number) =>
    `Je staat niet op de wachtlijst voor ronde ${round}.`,
  /** The registration holds the workshop in the round: a seat came free and it moved up, even as it left. */
  movedUp: (workshop: string, round: number) =>
    `Er is een plek vrijgekomen: ${workshop} staat nu in ronde ${round} van je inschrijving.`,
  /** Before what the registration shows, when the post was a form sent before (its first answer came back). */
  replayed: "Dit formulier had je al eerder verstuurd, er is niets veranderd.",
  /** A join for a workshop the registration already holds, in that round or another. */
  alreadyChosen: (round: number) =>
    `Deze workshop staat al in ronde ${round} van je inschrijving.`,
} as const;

/** The add button of the workshop page, by what pressing it does (spec "Adding a workshop to a round"). */
export const ROUND_BUTTON = {
  add: "Toevoegen",
  change: "Aanpassen",
  selected: "Geselecteerd",
  unavailable: "Niet beschikbaar",
} as const;

/** The favourite star's state as text, for readers without styles (aria-pressed says it to assistive technology). */
export const FAVOURITE_STATE = {
  /** In front of the workshop's name, for screen readers: 'Favoriet: Robotica'. */
  label: "Favoriet:",
  on: "(in favorieten)",
  off: "(niet in favorieten)",
  remove: "Verwijder uit favorieten",
  add: "Voeg toe aan favorieten",
} as const;

// ─── Accessibility statement ───────────────────────────────────────────────
