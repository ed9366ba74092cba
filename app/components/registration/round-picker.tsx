/**
 * The 'Inschrijven' panel of the workshop page (spec "Workshop info"): one radio per round (`name="round"`) with
 * its number, times and badge, and the submit button. The server renders the preselected round; without
 * JavaScript the button is disabled only when no round can be chosen (the action checks the chosen one), with
 * JavaScript it follows the chosen radio and the form goes through a fetcher, showing the round as added while
 * the request runs.
 *
 * A full round can be waited for (waitlist.ts): its row holds a button 'Op de wachtlijst voor ronde {n}', or,
 * once waiting, the place and 'Van de wachtlijst voor ronde {n}'. Forms cannot nest, so each such button belongs
 * (`form=`) to a small form of its own after the add form: a plain POST without JavaScript, a fetcher with it.
 * The button also carries its own name and value (intent and round, `WAITLIST_BUTTON`): a browser that ignores
 * `form=` sends the add form instead, and the action still does what the button says.
 */
import { CircleAlert } from "~/components/ui/icons";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { IdempotencyField } from "~/components/forms";
import { EnhancedField } from "~/components/registration/enhanced";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { CART, MESSAGES, WAITLIST, WORKSHOP_PAGE } from "~/messages";
import {
  badgeText,
  preselectedRound,
  roundOptions,
  submitButton,
} from "~/registration/cart";
import type { AddResult, CartRound, RoundBadge } from "~/registration/rounds";
import {
  JOIN_WAITLIST_INTENT,
  joinFormId,
  LEAVE_WAITLIST_INTENT,
  leaveFormId,
  roundHolding,
  roundWaitlist,
  seatsHint,
  type RoundWaitlist,
  WAITLIST_BUTTON,
  waitlistButtonValue,
} from "~/registration/waitlist";
import type { Workshop, WorkshopRef } from "#contract";

/** The add form's fetcher, shared with the page so it can open the cart after a successful add. */
export const ADD_WORKSHOP_FETCHER = "add-workshop";

/** A round's waiting-list fetcher: its form and its button share the state through this key. */
function waitlistFetcherKey(round: number): string {
  return `waitlist-${round}`;
}

export interface RoundPickerProps {
  rounds: CartRound[];
  workshop: WorkshopRef & Pick<Workshop, "availability">;
  readonly: boolean;
  /** The upstream offers a waiting list (the registration came with one). */
  waitlistOffered: boolean;
  /** The form's action: this page, with the search the visitor came with. */
  action: string;
  /** The action's answer to a form posted without JavaScript. */
  actionData?: AddResult;
}

/**
 * A round's status, as text under its number and times: no border or fill, so it does not read as a button (the
 * radio and the button below are what one presses).
 */
const STATUS_CLASSES: Record<RoundBadge, string> = {
  unavailable: "text-gray-700 dark:text-gray-300",
  added: "text-green-800 dark:text-green-300",
  current: "text-amber-900 dark:text-amber-200",
  choose: "text-primary-800 dark:text-primary-200",
};

export function RoundPicker({
  rounds,
  workshop,
  readonly,
  waitlistOffered,
  action,
  actionData,
}: RoundPickerProps) {
  const fetcher = useFetcher<AddResult>({ key: ADD_WORKSHOP_FETCHER });
  const hydrated = useHydrated();
  const headingId = useId();
  const messageId = useId();

  // Optimistic: while an add is on its way the chosen round holds this workshop, and no other round does.
  const pendingRound = Number(fetcher.formData?.get("round") ?? NaN);
  const shown = Number.isInteger(pendingRound)
    ? rounds.map((round) =>
        round.number === pendingRound
          ? { ...round, workshop }
          : round.workshop?.id === workshop.id
            ? { ...round, workshop: null }
            : round,
      )
    : rounds;
  const options = roundOptions(shown, workshop, readonly);
  const held = roundHolding(options) !== null;
  const lists = options.map((option) =>
    roundWaitlist(option, workshop, waitlistOffered, readonly, held),
  );
  const preselected = preselectedRound(
    roundOptions(rounds, workshop, readonly),
  );

  const [picked, setPicked] = useState<number | null>(preselected);
  // A round ticked before the scripts ran stays ticked (decision 0060): hydration leaves the radios as the
  // visitor left them, and the chosen round follows them before the next render would tick the preselected one.
  const roundsField = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    const ticked = roundsField.current?.querySelector<HTMLInputElement>(
      'input[name="round"]:checked',
    );
    if (ticked) setPicked(Number(ticked.value));
  }, []);
  const busy = fetcher.state !== "idle";
  // The chosen round stays chosen when it fills up (an add refused, or the page following its seats): never
  // another round behind the visitor's back. Its button then says 'Niet beschikbaar' and its row offers the list.
  const chosen = picked;
  const chosenOpen =
    options.find((option) => option.number === chosen)?.selectable ?? false;
  const button = submitButton(options, chosen, readonly, hydrated);
  // A fetcher's answer once there is one; before that the answer to a plain POST (sent before the scripts ran),
  // which must stay on screen after they do.
  const answer = busy ? undefined : (fetcher.data ?? actionData);
  const message = answer?.warning ?? answer?.error;
  const filled = useFilledWhileChosen(chosen, chosenOpen, busy);
  // A chosen round that filled turns its button off with aria-disabled, not disabled: a disabled button drops the
  // focus of a visitor whose hand is on it. Pressing it does nothing.
  const heldBack = hydrated && chosen !== null && !chosenOpen && !busy;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-xl font-bold">
        {WORKSHOP_PAGE.enrol}
      </h2>
      <fetcher.Form
        method="post"
        action={action}
        className="flex flex-col gap-4"
      >
        <EnhancedField />
        <IdempotencyField />
        <fieldset
          ref={roundsField}
          className="flex flex-col gap-2"
          aria-describedby={message ? messageId : undefined}
        >
          <legend className="sr-only">{WORKSHOP_PAGE.chooseRound}</legend>
          {options.map((option, index) => (
            <div
              key={option.number}
              className={cn(
                "flex flex-col gap-2 rounded-md border border-gray-200 p-3 dark:border-gray-700",
                "has-[:checked]:border-primary-700 has-[:checked]:ring-primary-700 has-[:checked]:ring-1",
              )}
            >
              <label
                className={cn(
                  "flex items-start gap-3",
                  option.selectable
                    ? "cursor-pointer"
                    : "cursor-not-allowed opacity-80",
                )}
              >
                <input
                  type="radio"
                  name="round"
                  value={option.number}
                  checked={chosen === option.number}
                  onChange={() => setPicked(option.number)}
                  // The chosen radio stays enabled when its round fills, so focus stays where the visitor is.
                  disabled={!option.selectable && chosen !== option.number}
                  className="accent-primary-700 mt-1 size-4 shrink-0"
                />
                {/* Number and times on one line, each unbroken (they wrap as a whole at 320 px), the status and the
                    note under them. Real spaces between the parts: read without styles they would run together. */}
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-semibold whitespace-nowrap">
                      {CART.round(option.number)}
                    </span>{" "}
                    <span className="text-sm whitespace-nowrap text-gray-700 tabular-nums dark:text-gray-300">
                      {option.startTime} – {option.endTime}
                    </span>
                  </span>{" "}
                  <span
                    className={cn(
                      "text-sm font-semibold",
                      STATUS_CLASSES[option.badge],
                    )}
                  >
                    {badgeText(option)}
                  </span>{" "}
                  <RoundNote
                    hint={seatsHint(option, workshop.availability)}
                    list={lists[index]!}
                  />
                </span>
              </label>{" "}
              {lists[index]!.kind === "none" ? null : (
                <WaitlistButton
                  round={option.number}
                  waiting={lists[index]!.kind === "waiting"}
                />
              )}
            </div>
          ))}
        </fieldset>
        {message ? (
          <Alert
            id={messageId}
            variant="destructive"
            role="alert"
            aria-live="assertive"
          >
            <CircleAlert aria-hidden="true" />
            <p>{message}</p>
          </Alert>
        ) : null}
        <Button
          type="submit"
          disabled={!heldBack && (button.disabled || busy)}
          aria-disabled={heldBack || undefined}
          aria-busy={busy || undefined}
          onClick={(event) => {
            if (heldBack) event.preventDefault();
          }}
          className="self-start aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          {button.label}
        </Button>
        {/* Below the button, so nothing above it moves; polite, and said once when the chosen round fills. Always
            there (a live region must exist before it speaks); empty, it takes back the gap above it. */}
        <p role="status" className="text-sm font-semibold empty:-mt-4">
          {filled && !message ? MESSAGES.roundFull : null}
        </p>
      </fetcher.Form>
      {options.map((option, index) =>
        lists[index]!.kind === "none" ? null : (
          <WaitlistForm
            key={option.number}
            round={option.number}
            waiting={lists[index]!.kind === "waiting"}
            action={action}
          />
        ),
      )}
    </section>
  );
}

/**
 * Whether the chosen round filled up while it stayed chosen (the page following its seats): true from then until
 * another round is chosen or it opens again. Not while an add is on its way, whose answer says it itself.
 */
function useFilledWhileChosen(
  chosen: number | null,
  open: boolean,
  busy: boolean,
): boolean {
  const [filled, setFilled] = useState(false);
  const before = useRef({ chosen, open });
  useEffect(() => {
    const was = before.current;
    before.current = { chosen, open };
    if (chosen !== was.chosen || open) setFilled(false);
    else if (was.open && !busy) setFilled(true);
  }, [chosen, open, busy]);
  return filled;
}

/** Under a round's times: the seats left in an open round, or the visitor's place on its list. */
function RoundNote({
  hint,
  list,
}: {
  hint: string | null;
  list: RoundWaitlist;
}) {
  if (list.kind === "waiting")
    return (
      <span className="text-sm font-semibold text-gray-900 dark:text-gray-100">
        {WAITLIST.waiting(list.position)}
      </span>
    );
  if (hint)
    return (
      <span className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        {hint}
      </span>
    );
  return null;
}

/**
 * A round's join or leave button. It stays the same element when joining turns it into leaving, so focus stays
 * on it; while its post is under way it is busy, and a second press does nothing.
 */
function WaitlistButton({
  round,
  waiting,
}: {
  round: number;
  waiting: boolean;
}) {
  const fetcher = useFetcher<AddResult>({ key: waitlistFetcherKey(round) });
  const busy = fetcher.state !== "idle";
  const message = busy
    ? undefined
    : (fetcher.data?.warning ?? fetcher.data?.error);
  return (
    <>
      <Button
        type="submit"
        form={waiting ? leaveFormId(round) : joinFormId(round)}
        name={WAITLIST_BUTTON}
        value={waitlistButtonValue(
          waiting ? LEAVE_WAITLIST_INTENT : JOIN_WAITLIST_INTENT,
          round,
        )}
        variant="outline"
        size="smWrap"
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        // Under the row's text, where the radio's column ends.
        className="ml-7 self-start aria-busy:cursor-progress aria-busy:opacity-60"
      >
        {waiting ? WAITLIST.leave(round) : WAITLIST.join(round)}
      </Button>
      {message ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {message}
        </p>
      ) : null}
    </>
  );
}

/** The form a round's waiting-list button sends: the intent and the round, nothing to see. */
function WaitlistForm({
  round,
  waiting,
  action,
}: {
  round: number;
  waiting: boolean;
  action: string;
}) {
  const fetcher = useFetcher<AddResult>({ key: waitlistFetcherKey(round) });
  return (
    <fetcher.Form
      id={waiting ? leaveFormId(round) : joinFormId(round)}
      method="post"
      action={action}
      // No box of its own: its button sits in the round's row.
      className="contents"
    >
      <input
        type="hidden"
        name="intent"
        value={waiting ? LEAVE_WAITLIST_INTENT : JOIN_WAITLIST_INTENT}
      />
      <input type="hidden" name="round" value={round} />
      <EnhancedField />
      <IdempotencyField />
    </fetcher.Form>
  );
}
