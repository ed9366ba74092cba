/**
 * The search and filters of /workshops (spec "EventSelection", filters drawer): a GET form, so the list's
 * state is its URL (bookmarkable, restored by the back button). The filters sit in a <details> that opens
 * without JavaScript: a sheet from the bottom under 768px, a panel at the top from there up (CSS only). With
 * JavaScript the form also applies itself on change, replacing the history entry rather than adding one per
 * click. What the visitor changed before the scripts ran (a chip ticked, words typed) stands: the form applies it
 * once they run, rather than reset the fields to the address (decision 0060).
 */
import { SlidersHorizontal } from "~/components/ui/icons";
import { useCallback, useEffect, useRef } from "react";
import { Form, href, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import {
  DOMAIN_PARAM,
  PROVIDER_PARAM,
  SEARCH_PARAM,
  type FilterOption,
  type FilterOptions,
  parseFilters,
  sameFilters,
  type WorkshopFilters,
} from "~/registration/workshop-filters";
import { FILTERS } from "~/messages";

/** Typing waits this long before the list follows; a checkbox applies at once. */
const SEARCH_DELAY_MS = 300;

function Checkboxes({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: FilterOption[];
  checked: string[];
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <li key={option.value}>
              <label className="filter-option">
                <input
                  type="checkbox"
                  id={id}
                  name={name}
                  value={option.value}
                  defaultChecked={checked.includes(option.value)}
                  className="filter-checkbox"
                />
                {option.color ? (
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: `#${option.color}` }}
                  />
                ) : null}
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** What the form's values say, read as the address would be. */
function filtersOf(values: FormData): WorkshopFilters {
  return parseFilters(
    new URLSearchParams(
      [...values].map(([name, value]) => [name, String(value)]),
    ),
  );
}

export function WorkshopFiltersForm({
  filters,
  options,
  activeCount,
}: {
  filters: WorkshopFilters;
  options: FilterOptions;
  activeCount: number;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // What this form has sent and not yet seen arrive, oldest first. A list of an earlier tick can arrive after a
  // later tick was made (a quick second tick while the first list is on its way): it must not undo that tick.
  const sent = useRef<WorkshopFilters[]>([]);

  /** Submits the form's values, leaving out an empty search so the address stays as short as it can. */
  const apply = useCallback(
    (form: HTMLFormElement, replace: boolean) => {
      clearTimeout(timer.current);
      const values = new FormData(form);
      sent.current.push(filtersOf(values));
      if (!String(values.get(SEARCH_PARAM) ?? "").trim())
        values.delete(SEARCH_PARAM);
      void submit(values, {
        method: "get",
        action: href("/workshops"),
        replace,
        preventScrollReset: true,
      });
    },
    [submit],
  );

  // The URL decides what is checked. When it changes by other means than these fields (back button, reset),
  // the fields follow it in place, so the one in focus keeps its focus. Not when the scripts first run: fields
  // that differ from the URL then were changed by the visitor before, and the list follows them instead. Nor
  // when the list is one these fields sent: they already say the visitor's latest choice, maybe a later one.
  const hydrating = useRef(true);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (hydrating.current) {
      hydrating.current = false;
      if (!sameFilters(filtersOf(new FormData(form)), filters))
        apply(form, true);
      return;
    }
    const own = sent.current.findIndex((sentFilters) =>
      sameFilters(sentFilters, filters),
    );
    sent.current = own === -1 ? [] : sent.current.slice(own + 1);
    if (own !== -1) return;
    for (const element of Array.from(form.elements)) {
      if (!(element instanceof HTMLInputElement)) continue;
      if (element.type === "checkbox") {
        const values =
          element.name === DOMAIN_PARAM ? filters.domains : filters.providers;
        element.checked = values.includes(element.value);
      } else if (
        element.name === SEARCH_PARAM &&
        document.activeElement !== element
      ) {
        element.value = filters.search;
      }
    }
  }, [filters, apply]);

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={FILTERS.region}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        // 'Toepassen' and Enter add a history entry; changes while choosing replace it (see onChange).
        event.preventDefault();
        apply(event.currentTarget, false);
      }}
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === SEARCH_PARAM)
          timer.current = setTimeout(() => apply(form, true), SEARCH_DELAY_MS);
        else apply(form, true);
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="zoeken">{FILTERS.search}</Label>
        <div className="flex gap-2">
          <Input
            id="zoeken"
            type="search"
            name={SEARCH_PARAM}
            defaultValue={filters.search}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Button type="submit">{FILTERS.apply}</Button>
        </div>
      </div>
      <details className="group">
        {/* Under 768px the open toggle sits at the top of the sheet, so it stays at hand to close it. */}
        <summary className="focus-visible:ring-primary-700 inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-gray-500 bg-white px-3 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none group-open:max-md:fixed group-open:max-md:bottom-[calc(60vh-3.5rem)] group-open:max-md:left-4 group-open:max-md:z-[46] group-open:max-md:shadow-lg dark:border-gray-400 dark:bg-gray-900 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {FILTERS.toggle}{" "}
          {activeCount > 0 ? (
            <span className="bg-primary-700 rounded-full px-2 text-white">
              ({activeCount})
            </span>
          ) : null}
        </summary>
        <div
          className={cn(
            // Under 768px a sheet along the bottom edge; from there up a panel under the toggle.
            "fixed inset-x-0 bottom-0 z-[45] flex h-[60vh] flex-col gap-5 overflow-y-auto rounded-t-2xl border-t border-gray-300 bg-white p-5 pt-16 shadow-2xl md:pt-5 dark:border-gray-700 dark:bg-gray-900",
            "md:static md:z-auto md:mt-3 md:h-auto md:rounded-lg md:border md:shadow-sm",
          )}
        >
          <Checkboxes
            legend={FILTERS.domains}
            name={DOMAIN_PARAM}
            options={options.domains}
            checked={filters.domains}
          />
          <Checkboxes
            legend={FILTERS.providers}
            name={PROVIDER_PARAM}
            options={options.providers}
            checked={filters.providers}
          />
          <p>
            <Link
              to={href("/workshops")}
              replace
              preventScrollReset
              // On a line of its own: 24 px tall at least (WCAG 2.2 SC 2.5.8).
              className="text-primary-800 dark:text-primary-200 inline-flex min-h-6 items-center text-sm font-semibold underline underline-offset-4 hover:no-underline"
            >
              {FILTERS.reset}
            </Link>
          </p>
        </div>
      </details>
    </Form>
  );
}
