/** The toasts the actions flash, and how long each kind stays. */
import type { Toast } from "./toast";
import { MESSAGES } from "./common";
import { WAITLIST } from "./workshop";

/** How long each kind of toast stays, in milliseconds (spec sections 8 and 9). */
export const TOAST_DURATION = {
  favourite: 3_000,
  loggedOut: 3_500,
  expired: 3_500,
  error: 5_000,
  questionSent: 5_000,
  alreadyRegistered: 6_000,
  waitlist: 5_000,
  /** The success dialog after a submit closes after 3 s. */
  submitted: 3_000,
} as const;

/** Every toast the product flashes: actions write `session.flashToast(TOASTS.x)`, never a toast object inline. */
export const TOASTS = {
  genericError: {
    kind: "error",
    message: MESSAGES.genericError,
    durationMs: TOAST_DURATION.error,
  },
  unexpectedError: {
    kind: "error",
    message: MESSAGES.unexpectedError,
    durationMs: TOAST_DURATION.error,
  },
  registrationExpired: {
    kind: "warning",
    message: MESSAGES.registrationExpired,
    durationMs: TOAST_DURATION.expired,
  },
  alreadyRegistered: {
    kind: "warning",
    message: MESSAGES.alreadyRegistered,
    durationMs: TOAST_DURATION.alreadyRegistered,
  },
  loginLinkExpired: {
    kind: "error",
    message: MESSAGES.loginLinkExpired,
    durationMs: TOAST_DURATION.error,
  },
  loginFailed: {
    kind: "error",
    message: MESSAGES.loginFailed,
    durationMs: TOAST_DURATION.error,
  },
  confirmationFailed: {
    kind: "error",
    message: MESSAGES.confirmationFailed,
    durationMs: TOAST_DURATION.error,
  },
  loginRequested: {
    kind: "success",
    message: MESSAGES.loginRequested,
    durationMs: TOAST_DURATION.error,
  },
  questionSent: {
    kind: "success",
    message: MESSAGES.questionSent,
    durationMs: TOAST_DURATION.questionSent,
  },
  tooManyQuestions: {
    kind: "warning",
    message: MESSAGES.tooManyQuestions,
    durationMs: TOAST_DURATION.error,
  },
  favouriteAdded: {
    kind: "success",
    message: MESSAGES.favouriteAdded,
    durationMs: TOAST_DURATION.favourite,
  },
  favouriteRemoved: {
    kind: "info",
    message: MESSAGES.favouriteRemoved,
    durationMs: TOAST_DURATION.favourite,
  },
  loggedOut: {
    kind: "info",
    message: MESSAGES.loggedOut,
    durationMs: TOAST_DURATION.loggedOut,
  },
  unsubscribed: {
    kind: "success",
    message: MESSAGES.unsubscribed,
    durationMs: TOAST_DURATION.error,
  },
  registeredNew: {
    kind: "success",
    message: MESSAGES.registeredNew,
    durationMs: TOAST_DURATION.submitted,
    presentation: "dialog",
  },
  registeredChanged: {
    kind: "success",
    message: MESSAGES.registeredChanged,
    durationMs: TOAST_DURATION.submitted,
    presentation: "dialog",
  },
  roundFull: {
    kind: "warning",
    message: MESSAGES.roundFull,
    durationMs: TOAST_DURATION.error,
  },
  noRoundsFilled: {
    kind: "error",
    message: MESSAGES.noRoundsFilled,
    durationMs: TOAST_DURATION.error,
  },
  cannotRegisterYet: {
    kind: "error",
    message: MESSAGES.cannotRegisterYet,
    durationMs: TOAST_DURATION.error,
  },
  waitlistRoundOpen: {
    kind: "warning",
    message: MESSAGES.waitlistRoundOpen,
    durationMs: TOAST_DURATION.error,
  },
  waitlistUnavailable: {
    kind: "warning",
    message: MESSAGES.waitlistUnavailable,
    durationMs: TOAST_DURATION.error,
  },
  confirmationResent: {
    kind: "success",
    message: MESSAGES.confirmationResent,
    durationMs: TOAST_DURATION.error,
  },
  alreadyConfirmed: {
    kind: "info",
    message: MESSAGES.alreadyConfirmed,
    durationMs: TOAST_DURATION.error,
  },
  nothingToConfirm: {
    kind: "info",
    message: MESSAGES.nothingToConfirm,
    durationMs: TOAST_DURATION.error,
  },
  resendLimited: {
    kind: "warning",
    message: MESSAGES.resendLimited,
    durationMs: TOAST_DURATION.error,
  },
  resendUnavailable: {
    kind: "error",
    message: MESSAGES.resendUnavailable,
    durationMs: TOAST_DURATION.error,
  },
  registrationSent: {
    kind: "warning",
    message: MESSAGES.registrationSent,
    durationMs: TOAST_DURATION.alreadyRegistered,
  },
  confirmationMailLimited: {
    kind: "warning",
    message: MESSAGES.confirmationMailLimited,
    durationMs: TOAST_DURATION.alreadyRegistered,
  },
} as const satisfies Record<string, Toast>;

/** The toasts after joining or leaving a list: what the registration shows for the round, never what was pressed. */
export const WAITLIST_TOASTS = {
  waiting: (round: number, position: number): Toast => ({
    kind: "success",
    message: `${WAITLIST.joined(round)} ${WAITLIST.place(position)}`,
    durationMs: TOAST_DURATION.waitlist,
  }),
  movedUp: (workshop: string, round: number): Toast => ({
    kind: "success",
    message: WAITLIST.movedUp(workshop, round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  left: (round: number): Toast => ({
    kind: "info",
    message: WAITLIST.left(round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  notJoined: (round: number): Toast => ({
    kind: "warning",
    message: WAITLIST.notJoined(round),
    durationMs: TOAST_DURATION.waitlist,
  }),
  /** One of the above after a form sent before: said to have changed nothing. */
  replayed: (standing: Toast): Toast => ({
    ...standing,
    kind: "warning",
    message: `${WAITLIST.replayed} ${standing.message}`,
  }),
} as const;

// ─── Mailed links: login and confirmation ───────────────────────────────────
