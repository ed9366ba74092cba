/**
 * Search and filters of the workshop list (spec "EventSelection"): a GET form, so the list's URL holds them.
 * The filters sit in a <details> that opens without JavaScript: a sheet from the bottom on small screens, in
 * the flow at the top otherwise. With JavaScript a change applies at once; The one 'Toepassen' button and Enter always do.
 */
import { Filter, Search } from "lucide-react";
import { Form, href, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  FAVOURITES_OPTION,
  FILTER_PARAMS,
  OTHER_PROVIDERS_OPTION,
} from "~/registration/workshop-filters";
import type {
  FilterOptions,
  WorkshopFilters,
} from "~/registration/workshop-filters";

function Option({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: React.ReactNode;
}) {
  return (
    <label className="has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50 has-[:focus-visible]:ring-primary-700 flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-gray-300 px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 dark:border-gray-600 dark:has-[:checked]:bg-gray-800">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="accent-primary-700 size-4"
      />
      {children}
    </label>
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
  return (
    <Form
      method="get"
      action={href("/workshops")}
      role="search"
      aria-label="Workshops zoeken en filteren"
      className="grid gap-3"
      // The URL is the state: a new search replaces the entry, so Back returns to the page before the list.
      onChange={(event) =>
        submit(event.currentTarget, { replace: true, preventScrollReset: true })
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-2">
          <Label htmlFor="zoeken">Zoeken</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-600"
            />
            <Input
              id="zoeken"
              type="search"
              name={FILTER_PARAMS.search}
              defaultValue={filters.search}
              // Typing alone does not apply the search: Enter or 'Toepassen' does.
              onChange={(event) => event.stopPropagation()}
              className="pl-9"
            />
          </div>
        </div>
        <Button type="submit">Toepassen</Button>
      </div>
      <details className="rounded-lg border border-gray-200 dark:border-gray-700">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold">
          <Filter aria-hidden="true" className="size-4" />
          Filters{activeCount > 0 ? ` (${activeCount})` : null}
        </summary>
        <div className="fixed inset-x-0 bottom-0 z-40 grid max-h-[75vh] gap-4 overflow-y-auto rounded-t-2xl border-t border-gray-200 bg-white p-4 shadow-2xl md:static md:max-h-none md:rounded-none md:border-0 md:shadow-none dark:border-gray-700 dark:bg-gray-900">
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">Domeinen</legend>
            <div className="flex flex-wrap gap-2">
              <Option
                name={FILTER_PARAMS.domain}
                value={FAVOURITES_OPTION}
                checked={filters.favourites}
              >
                Favorieten
              </Option>
              {options.domains.map((domain) => (
                <Option
                  key={domain.display}
                  name={FILTER_PARAMS.domain}
                  value={domain.display}
                  checked={filters.domains.includes(domain.display)}
                >
                  {domain.display}
                </Option>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-semibold">Instellingen</legend>
            <div className="flex flex-wrap gap-2">
              {options.providers.map((provider) => (
                <Option
                  key={provider}
                  name={FILTER_PARAMS.provider}
                  value={provider}
                  checked={filters.providers.includes(provider)}
                >
                  {provider}
                </Option>
              ))}
              <Option
                name={FILTER_PARAMS.provider}
                value={OTHER_PROVIDERS_OPTION}
                checked={filters.otherProviders}
              >
                Overige
              </Option>
            </div>
          </fieldset>
          <div>
            <Link
              to={href("/workshops")}
              className="text-primary-800 dark:text-primary-200 font-semibold underline underline-offset-4 hover:no-underline"
            >
              Reset filters
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}
