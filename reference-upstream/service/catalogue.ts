/**
 * Sites and their catalogue: settings, pages, locations, schools, orientation days, and the workshops of a day
 * with their availability per round.
 */
import type {
  AvailabilityEntry,
  Location,
  OrientationDay,
  Page,
  School,
  SchoolLogo,
  Settings,
  Workshop,
  WorkshopImage,
} from "#contract";
import { localDate } from "../db";
import type { LiveRegistration } from "./live-registration";
import type {
  DayRow,
  DbAccess,
  NoContent,
  RoundRow,
  SiteRow,
  WorkshopRow,
} from "./db-access";
import { HttpError, NO_CONTENT } from "./db-access";

export function createCatalogue(d: DbAccess, live: LiveRegistration) {
  const { config, tx, get, all } = d;
  const { rounds, load, withRegistration } = live;

  function site(name: string): SiteRow | undefined {
    return get<SiteRow>("SELECT * FROM sites WHERE name = ?", name);
  }

  function settings(s: SiteRow): Settings {
    const row = get<Record<string, string | null>>(
      "SELECT * FROM settings WHERE site_id = ?",
      s.id,
    );
    return {
      logo: row?.logo ?? null,
      primaryColor: row?.primary_color ?? null,
      fullLocationName: row?.full_location_name ?? null,
      websiteUrl: row?.website_url ?? null,
      address: row?.address ?? null,
      postalCode: row?.postal_code ?? null,
      city: row?.city ?? null,
      googleMapsUrl: row?.google_maps_url ?? null,
    };
  }

  function page(s: SiteRow, slug: string): Page {
    const row = get<Page>(
      "SELECT title, intro, text FROM pages WHERE site_id = ? AND slug = ?",
      s.id,
      slug,
    );
    if (!row) throw new HttpError(404, "unknown page", `no page ${slug}`);
    return row;
  }

  function locations(s: SiteRow): Location[] {
    return all<Location>(
      `SELECT display, afbeelding, adres, postcode, plaats, externe_locatie_url AS externeLocatieUrl
       FROM locations WHERE site_id = ? ORDER BY id`,
      s.id,
    );
  }

  function schoolLogos(s: SiteRow): SchoolLogo[] {
    return all<SchoolLogo>(
      "SELECT id, display, logo, website FROM schools WHERE site_id = ? ORDER BY display",
      s.id,
    );
  }

  function schools(s: SiteRow, dayId: number): School[] | NoContent {
    const rows = all<School>(
      `SELECT s.id, s.display, s.logo, s.website FROM schools s
       JOIN day_schools ds ON ds.school_id = s.id
       JOIN orientation_days d ON d.id = ds.day_id
       WHERE d.id = ? AND d.site_id = ? ORDER BY s.display`,
      dayId,
      s.id,
    );
    return rows.length === 0 ? NO_CONTENT : rows;
  }

  function availableDays(s: SiteRow): OrientationDay[] {
    const days = all<DayRow>(
      "SELECT * FROM orientation_days WHERE site_id = ? AND date >= ? ORDER BY date, start_time, id",
      s.id,
      localDate(config.now()),
    );
    return days.map((day) => ({
      id: day.id,
      date: day.date,
      start_time: day.start_time,
      end_time: day.end_time,
      schoolDisplay: day.school_display,
      address: day.address,
      postalCode: day.postal_code,
      city: day.city,
      display: day.display,
      readonly: day.readonly === 1,
      rondes: rounds(day.id).map((r) => ({
        number: r.number,
        startTime: r.start_time,
        endTime: r.end_time,
        selection: null,
      })),
    }));
  }

  function workshopImages(s: SiteRow, workshopId: number): WorkshopImage[] {
    return all<WorkshopImage>(
      `SELECT g.file_name AS fileName FROM gallery g JOIN workshops w ON w.id = g.workshop_id
       WHERE w.id = ? AND w.site_id = ? ORDER BY g.position`,
      workshopId,
      s.id,
    );
  }

  /**
   * What availability and labels are worked out from, for the workshops of a day (or one of them): five queries
   * for the lot, where a list of fifty workshops asked several per workshop, a few hundred per call.
   */
  interface DayFacts {
    rounds: RoundRow[];
    /** Capacity and seats taken by `seatKey(workshop, round)`. */
    seats: Map<string, number>;
    taken: Map<string, number>;
    /** The registration's own choice: the round, by workshop. */
    own: Map<number, number>;
    domains: Map<number, { display: string; labelColor: string }[]>;
  }

  const seatKey = (workshop: number, round: number) => `${workshop}:${round}`;

  function dayFacts(
    dayId: number,
    registrationId: string | null,
    workshopId: number | null = null,
  ): DayFacts {
    const of = "w.day_id = ? AND (? IS NULL OR w.id = ?)";
    const params = [dayId, workshopId, workshopId];
    const perSeat = (rows: { w: number; r: number; n: number }[]) =>
      new Map(rows.map((row) => [seatKey(row.w, row.r), row.n]));
    const domains = new Map<
      number,
      { display: string; labelColor: string }[]
    >();
    for (const { w, display, labelColor } of all<{
      w: number;
      display: string;
      labelColor: string;
    }>(
      `SELECT d.workshop_id AS w, d.display, d.label_color AS labelColor
       FROM workshop_domains d JOIN workshops w ON w.id = d.workshop_id
       WHERE ${of} ORDER BY d.workshop_id, d.position`,
      ...params,
    )) {
      const list = domains.get(w) ?? [];
      list.push({ display, labelColor });
      domains.set(w, list);
    }
    return {
      rounds: rounds(dayId),
      seats: perSeat(
        all(
          `SELECT wr.workshop_id AS w, wr.round_number AS r, wr.seats AS n
           FROM workshop_rounds wr JOIN workshops w ON w.id = wr.workshop_id WHERE ${of}`,
          ...params,
        ),
      ),
      taken: perSeat(
        all(
          `SELECT c.workshop_id AS w, c.round_number AS r, COUNT(*) AS n
           FROM choices c JOIN workshops w ON w.id = c.workshop_id WHERE ${of}
           GROUP BY c.workshop_id, c.round_number`,
          ...params,
        ),
      ),
      own: new Map(
        registrationId
          ? all<{ w: number; r: number }>(
              "SELECT workshop_id AS w, round_number AS r FROM choices WHERE registration_id = ?",
              registrationId,
            ).map((row) => [row.w, row.r])
          : [],
      ),
      domains,
    };
  }

  /**
   * Per round of the day: open while seats remain, or when it is the registration's own current choice; with the
   * waiting list, also the seats left for anyone (null in a round the workshop is not held in: 0 means full).
   */
  function availability(w: WorkshopRow, facts: DayFacts): AvailabilityEntry[] {
    return facts.rounds.map((r) => {
      const key = seatKey(w.id, r.number);
      const seats = facts.seats.get(key);
      const left =
        seats === undefined
          ? null
          : Math.max(0, seats - (facts.taken.get(key) ?? 0));
      const available =
        left !== null && (facts.own.get(w.id) === r.number || left > 0);
      return config.waitlist
        ? { round: r.number, available, seatsLeft: left }
        : { round: r.number, available };
    });
  }

  function workshopView(w: WorkshopRow, facts: DayFacts): Workshop {
    return {
      id: w.id,
      slug: w.slug,
      display: w.display,
      intro: w.intro,
      description: w.description,
      image: w.image,
      availability: availability(w, facts),
      provider:
        w.provider_display === null
          ? null
          : { display: w.provider_display, image: w.provider_image },
      domeinen: facts.domains.get(w.id) ?? [],
    };
  }

  function workshops(
    s: SiteRow,
    registrationId: string | null,
  ): Workshop[] | NoContent {
    return withRegistration(s, registrationId, (reg) => {
      const rows = all<WorkshopRow>(
        "SELECT * FROM workshops WHERE day_id = ? ORDER BY display, id",
        reg.day_id,
      );
      if (rows.length === 0) return NO_CONTENT;
      const facts = dayFacts(reg.day_id, reg.id);
      return rows.map((w) => workshopView(w, facts));
    });
  }

  function workshopOfDay(dayId: number, slug: string): WorkshopRow {
    const w = get<WorkshopRow>(
      "SELECT * FROM workshops WHERE day_id = ? AND slug = ?",
      dayId,
      slug,
    );
    if (!w)
      throw new HttpError(
        404,
        "unknown workshop",
        `no workshop ${slug} on this orientation day`,
      );
    return w;
  }

  function workshop(
    s: SiteRow,
    registrationId: string | null,
    slug: string,
  ): Workshop | NoContent {
    return withRegistration(s, registrationId, (reg) => {
      const w = workshopOfDay(reg.day_id, slug);
      return workshopView(w, dayFacts(w.day_id, reg.id, w.id));
    });
  }

  /** Without a live registration the slug is looked up across the site (first upcoming day first). */
  function workshopAvailability(
    s: SiteRow,
    registrationId: string | null,
    slug: string,
  ): AvailabilityEntry[] {
    return tx(() => {
      const reg = load(s, registrationId);
      if (reg) {
        const w = workshopOfDay(reg.day_id, slug);
        return availability(w, dayFacts(w.day_id, reg.id, w.id));
      }
      const w = get<WorkshopRow>(
        `SELECT w.* FROM workshops w JOIN orientation_days d ON d.id = w.day_id
         WHERE w.site_id = ? AND w.slug = ? ORDER BY d.date >= ? DESC, d.date, w.id LIMIT 1`,
        s.id,
        slug,
        localDate(config.now()),
      );
      if (!w)
        throw new HttpError(404, "unknown workshop", `no workshop ${slug}`);
      return availability(w, dayFacts(w.day_id, null, w.id));
    });
  }

  return {
    site,
    settings,
    page,
    locations,
    schoolLogos,
    schools,
    availableDays,
    workshopImages,
    workshops,
    workshop,
    workshopAvailability,
  };
}
