/**
 * The four demo sites: their settings, pages, locations, schools and orientation days, and which workshops
 * (from catalog.ts) each day offers. data.ts turns these definitions into the DemoData the upstream seeds.
 */
import {
  mediaPath,
  type Level,
  type ProviderKey,
  type WorkshopKey,
} from "./catalog";
import type { DemoOrientationDay, DemoRound, DemoSite } from "./types";

/**
 * A workshop on a day. `seats` overrides the template's seats per round number:
 * null means the round is not offered, 0 means full from the start.
 */
export interface WorkshopPick {
  key: WorkshopKey;
  seats: Record<number, number | null>;
}

export interface DayDefinition extends Omit<
  DemoOrientationDay,
  "start_time" | "end_time" | "rounds"
> {
  rounds: DemoRound[];
  workshops: WorkshopPick[];
}

export interface SiteDefinition extends Omit<
  DemoSite,
  "orientationDays" | "workshops"
> {
  /** The regional school that gives a workshop of each level. */
  providers: Record<Level, ProviderKey>;
  days: DayDefinition[];
}

function pick(
  key: WorkshopKey,
  seats: Record<number, number | null> = {},
): WorkshopPick {
  return { key, seats };
}

/** `count` rounds of 45 minutes, one every hour from `first` (HH:MM). */
function hourlyRounds(first: string, count: number): DemoRound[] {
  const [hours = 0, minutes = 0] = first.split(":").map(Number);
  const clock = (h: number, m: number) =>
    `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    startTime: clock(hours + index, minutes),
    endTime: clock(
      hours + index + Math.floor((minutes + 45) / 60),
      (minutes + 45) % 60,
    ),
  }));
}

function mapsUrl(...parts: string[]): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.join(", "))}`;
}

function school(key: string, display: string, website: string | null) {
  return { key, display, logo: mediaPath.school(key), website };
}

const THANK_YOU_TEXT =
  "<p>Je ontvangt binnen een paar minuten een e-mail met een overzicht van je workshops. " +
  "Neem deze e-mail mee op de dag zelf, op je telefoon of geprint.</p>" +
  "<p>Wil je iets wijzigen? Log dan in met je e-mailadres via de knop <strong>Inschrijven</strong> en pas je keuzes aan.</p>";

export const SITES: SiteDefinition[] = [
  {
    name: "localhost",
    supportEmail: "info@kiesjekoers-utrecht.example.nl",
    settings: {
      logo: mediaPath.siteLogo("localhost"),
      primaryColor: "663366",
      fullLocationName: "Kies je Koers Utrecht",
      websiteUrl: "https://www.kiesjekoers-utrecht.example.nl",
      address: "Keuzeplein 12",
      postalCode: "3521 AB",
      city: "Utrecht",
      googleMapsUrl: mapsUrl("Keuzeplein 12", "3521 AB Utrecht"),
    },
    pages: {
      home: {
        title: "Welkom bij Kies je Koers Utrecht",
        intro: null,
        text:
          "<p>Op de oriëntatiedagen van <strong>Kies je Koers</strong> ontdek je in een paar uur welke vervolgopleiding bij je past. " +
          "Je volgt workshops van mbo-instellingen, hogescholen en de universiteit uit de regio.</p>" +
          "<ul><li>Kies een dag en je school</li><li>Kies per ronde een workshop</li><li>Open de link in de e-mail die je krijgt: pas dan staat je inschrijving vast</li></ul>" +
          '<p>Meer informatie vind je op <a href="https://www.kiesjekoers-utrecht.example.nl/ouders">onze pagina voor ouders</a>.</p>',
      },
      inschrijfformulier_bedankt: {
        title: "Bedankt voor je inschrijving!",
        intro: "Je inschrijving voor Kies je Koers Utrecht is bevestigd.",
        text: THANK_YOU_TEXT,
      },
      // Optional in the contract: the other demo sites have none.
      privacy: {
        title: "Privacyverklaring Kies je Koers Utrecht",
        intro: null,
        text:
          "<p>Kies je Koers Utrecht gebruikt je gegevens alleen om de oriëntatiedagen te organiseren. " +
          "Na afloop van het schooljaar verwijderen we ze.</p>" +
          '<p>Vragen? Mail <a href="mailto:privacy@kiesjekoers-utrecht.example.nl">privacy@kiesjekoers-utrecht.example.nl</a>.</p>',
      },
      toegankelijkheid: {
        title: "Aanvulling van Kies je Koers Utrecht",
        intro: null,
        text:
          "<p>Kies je Koers Utrecht heeft deze verklaring vastgesteld. Contactpersoon voor toegankelijkheid: " +
          '<a href="mailto:toegankelijkheid@kiesjekoers-utrecht.example.nl">toegankelijkheid@kiesjekoers-utrecht.example.nl</a>.</p>',
      },
    },
    locations: [
      {
        display: "Hal Keuzeplein",
        afbeelding: mediaPath.location("utrecht-keuzeplein"),
        adres: "Keuzeplein 12",
        postcode: "3521 AB",
        plaats: "Utrecht",
        externeLocatieUrl: mapsUrl("Keuzeplein 12", "3521 AB Utrecht"),
      },
      {
        display: "Domstad Lyceum",
        afbeelding: mediaPath.location("utrecht-domstad-lyceum"),
        adres: "Lyceumgracht 3",
        postcode: "3512 KL",
        plaats: "Utrecht",
        externeLocatieUrl: "https://www.domstadlyceum.example.nl/route",
      },
    ],
    providers: {
      mbo: "roc-domstad",
      hbo: "hogeschool-midden",
      wo: "universiteit-aan-de-vecht",
    },
    schools: [
      school(
        "domstad-lyceum",
        "Domstad Lyceum",
        "https://www.domstadlyceum.example.nl",
      ),
      school(
        "kromme-rijn-college",
        "Kromme Rijn College",
        "https://www.krommerijncollege.example.nl",
      ),
      school(
        "vleuterweide-scholengemeenschap",
        "Scholengemeenschap Vleuterweide",
        "https://www.sg-vleuterweide.example.nl",
      ),
      school(
        "wilhelminapark-gymnasium",
        "Wilhelminapark Gymnasium",
        "https://www.wilhelminaparkgymnasium.example.nl",
      ),
      school("vakcollege-lunetten", "Vakcollege Lunetten", null),
      school(
        "mavo-maarsseveen",
        "Mavo Maarsseveen",
        "https://www.mavomaarsseveen.example.nl",
      ),
    ],
    days: [
      {
        key: "utrecht-voorjaar",
        daysFromToday: 14,
        display: "Oriëntatiedag voorjaar",
        schoolDisplay: "Domstad Lyceum",
        address: "Lyceumgracht 3",
        postalCode: "3512 KL",
        city: "Utrecht",
        readonly: false,
        rounds: hourlyRounds("09:00", 4),
        schoolKeys: [
          "domstad-lyceum",
          "kromme-rijn-college",
          "vleuterweide-scholengemeenschap",
          "wilhelminapark-gymnasium",
          "vakcollege-lunetten",
        ],
        workshops: [
          pick("verpleegkunde", { 4: null }),
          pick("robotica", { 2: 1 }),
          pick("game-development", { 3: 2, 4: 0 }),
          pick("financiele-dienstverlening"),
          pick("horeca", { 1: 0 }),
          pick("mediavormgeving"),
          pick("sport", { 4: null }),
          pick("politie", { 1: null, 2: null }),
          pick("software-development"),
          pick("pedagogisch-werk"),
          pick("bouwkunde", { 2: 2 }),
          pick("marketing"),
          pick("dierverzorging", { 1: 1 }),
          pick("studiekeuze"),
        ],
      },
      {
        key: "utrecht-beroepenmiddag",
        daysFromToday: 35,
        display: "Beroepenmiddag",
        schoolDisplay: "Kromme Rijn College",
        // No postal code: the address line stays hidden on the home page.
        address: "Kromme Rijnlaan 4",
        postalCode: null,
        city: "Utrecht",
        readonly: false,
        rounds: hourlyRounds("13:00", 4),
        schoolKeys: [
          "kromme-rijn-college",
          "vleuterweide-scholengemeenschap",
          "vakcollege-lunetten",
          "mavo-maarsseveen",
        ],
        workshops: [
          pick("fysiotherapie"),
          pick("elektrotechniek", { 1: null }),
          pick("cybersecurity", { 2: 0 }),
          pick("ondernemen"),
          pick("kok", { 3: 2 }),
          pick("fotografie"),
          pick("leraar"),
          pick("logistiek", { 4: null }),
          pick("psychologie"),
          pick("autotechniek"),
          // Also on the spring day, with other seats: a slug held on two days of one site, as the contract
          // allows, so the suites see that seats are told per day (issue 34). Round 1 is full here, not there.
          pick("bouwkunde", { 1: 0, 3: 1 }),
        ],
      },
      {
        key: "utrecht-zomer",
        daysFromToday: 63,
        display: "Oriëntatiedag zomer",
        schoolDisplay: "Hal Keuzeplein",
        address: "Keuzeplein 12",
        postalCode: "3521 AB",
        city: "Utrecht",
        // Registration has not opened yet for this day.
        readonly: true,
        rounds: hourlyRounds("09:30", 3),
        schoolKeys: [
          "domstad-lyceum",
          "kromme-rijn-college",
          "wilhelminapark-gymnasium",
          "mavo-maarsseveen",
        ],
        workshops: [
          pick("geneeskunde"),
          pick("data-science"),
          pick("rechten"),
          pick("muziek"),
          pick("mode"),
          pick("toerisme"),
        ],
      },
    ],
  },
  {
    name: "venlo",
    supportEmail: "vragen@studiekeuzevenlo.example.nl",
    settings: {
      logo: mediaPath.siteLogo("venlo"),
      primaryColor: "1e6091",
      fullLocationName: "Studiekeuze Venlo",
      websiteUrl: "https://www.studiekeuzevenlo.example.nl",
      address: "Maasboulevard 40",
      postalCode: "5911 AB",
      city: "Venlo",
      googleMapsUrl: mapsUrl("Maasboulevard 40", "5911 AB Venlo"),
    },
    pages: {
      home: {
        title: "Studiekeuze Venlo",
        intro: null,
        text:
          "<p>Wat wil jij later worden? Tijdens <strong>Studiekeuze Venlo</strong> maak je kennis met opleidingen en beroepen uit Noord-Limburg.</p>" +
          "<p>Zo werkt het:</p>" +
          "<ul><li>Je schrijft je in met je school</li><li>Je kiest voor elke ronde een workshop</li><li>Op de dag zelf meld je je bij de ingang van je eerste workshop</li></ul>" +
          '<p>Vragen? Kijk bij <a href="https://www.studiekeuzevenlo.example.nl/veelgestelde-vragen">veelgestelde vragen</a> of stuur ons een bericht via Contact.</p>',
      },
      inschrijfformulier_bedankt: {
        title: "Je bent ingeschreven!",
        intro: "Leuk dat je meedoet aan Studiekeuze Venlo.",
        text: THANK_YOU_TEXT,
      },
    },
    locations: [
      {
        display: "Evenementenhal De Maasoever",
        afbeelding: mediaPath.location("venlo-maasoever"),
        adres: "Maasboulevard 40",
        postcode: "5911 AB",
        plaats: "Venlo",
        externeLocatieUrl: mapsUrl("Maasboulevard 40", "5911 AB Venlo"),
      },
    ],
    providers: {
      mbo: "maas-roc",
      hbo: "hogeschool-zuid",
      wo: "universiteit-limburg-noord",
    },
    schools: [
      school(
        "maasland-college",
        "Maasland College",
        "https://www.maaslandcollege.example.nl",
      ),
      school(
        "venlose-lyceum",
        "Het Venlose Lyceum",
        "https://www.venloselyceum.example.nl",
      ),
      school(
        "vakcollege-tegelen",
        "Vakcollege Tegelen",
        "https://www.vakcollegetegelen.example.nl",
      ),
      school("scholengemeenschap-blerick", "Scholengemeenschap Blerick", null),
      school(
        "mavo-op-de-heide",
        "Mavo Op de Heide",
        "https://www.mavoopdeheide.example.nl",
      ),
    ],
    days: [
      {
        key: "venlo-najaar",
        daysFromToday: 21,
        display: "Studiekeuzedag najaar",
        schoolDisplay: "Maasland College",
        address: "Maasboulevard 40",
        postalCode: "5911 AB",
        city: "Venlo",
        readonly: false,
        rounds: hourlyRounds("09:00", 4),
        schoolKeys: [
          "maasland-college",
          "venlose-lyceum",
          "vakcollege-tegelen",
          "scholengemeenschap-blerick",
          "mavo-op-de-heide",
        ],
        workshops: [
          pick("verpleegkunde"),
          pick("autotechniek", { 1: 2 }),
          pick("logistiek"),
          pick("horeca", { 4: null }),
          pick("bakker", { 2: 0 }),
          pick("software-development"),
          pick("robotica", { 3: 1 }),
          pick("doktersassistent"),
          pick("dierverzorging", { 1: null }),
          pick("hovenier"),
          pick("financiele-dienstverlening"),
          pick("sport"),
          pick("politie", { 3: null, 4: null }),
          pick("mediavormgeving"),
        ],
      },
      {
        key: "venlo-avond",
        daysFromToday: 49,
        display: "Studiekeuze-avond",
        schoolDisplay: "Het Venlose Lyceum",
        // No city: the address line stays hidden on the home page.
        address: "Lyceumlaan 2",
        postalCode: "5912 CD",
        city: null,
        readonly: true,
        rounds: hourlyRounds("18:30", 3),
        schoolKeys: ["maasland-college", "venlose-lyceum", "mavo-op-de-heide"],
        workshops: [
          pick("installatietechniek"),
          pick("timmeren"),
          pick("kok"),
          pick("toerisme"),
          pick("pedagogisch-werk"),
          pick("netwerkbeheer"),
          pick("kapper"),
          pick("studiekeuze"),
        ],
      },
    ],
  },
  {
    name: "studiekeuze-event-040",
    supportEmail: "info@studiekeuze-event-040.example.nl",
    settings: {
      logo: mediaPath.siteLogo("studiekeuze-event-040"),
      primaryColor: "c2410c",
      fullLocationName: "Studiekeuze Event 040",
      websiteUrl: "https://www.studiekeuze-event-040.example.nl",
      address: "Lichtplein 40",
      postalCode: "5611 AA",
      city: "Eindhoven",
      googleMapsUrl: mapsUrl("Lichtplein 40", "5611 AA Eindhoven"),
    },
    pages: {
      home: {
        title: "Studiekeuze Event 040",
        intro: null,
        text:
          "<p>Het <strong>Studiekeuze Event 040</strong> brengt scholieren uit de regio Eindhoven in contact met opleidingen en bedrijven uit de Brainport-regio.</p>" +
          "<ul><li>Workshops van mbo, hbo en universiteit</li><li>Bedrijfsbezoeken bij technologiebedrijven</li><li>Studiekeuzeadviseurs om je vragen te beantwoorden</li></ul>" +
          '<p>Bekijk het volledige programma op <a href="https://www.studiekeuze-event-040.example.nl/programma">onze website</a>.</p>',
      },
      inschrijfformulier_bedankt: {
        title: "Bedankt voor je aanmelding",
        intro: "Tot ziens op het Studiekeuze Event 040!",
        text: THANK_YOU_TEXT,
      },
    },
    locations: [
      {
        display: "Lichthal 040",
        afbeelding: mediaPath.location("eindhoven-lichthal"),
        adres: "Lichtplein 40",
        postcode: "5611 AA",
        plaats: "Eindhoven",
        externeLocatieUrl: mapsUrl("Lichtplein 40", "5611 AA Eindhoven"),
      },
      {
        display: "Dommeldal College",
        afbeelding: mediaPath.location("eindhoven-dommeldal-college"),
        adres: "Dommelkade 7",
        postcode: "5615 BE",
        plaats: "Eindhoven",
        externeLocatieUrl:
          "https://www.dommeldalcollege.example.nl/bereikbaarheid",
      },
      {
        display: "Strijp Vakcollege",
        afbeelding: mediaPath.location("eindhoven-strijp-vakcollege"),
        adres: "Vakcollegestraat 1",
        postcode: "5616 GZ",
        plaats: "Eindhoven",
        externeLocatieUrl: null,
      },
    ],
    providers: {
      mbo: "kempen-college",
      hbo: "hogeschool-zuid",
      wo: "technische-universiteit-dommel",
    },
    schools: [
      school(
        "dommeldal-college",
        "Dommeldal College",
        "https://www.dommeldalcollege.example.nl",
      ),
      school(
        "lichtstad-lyceum",
        "Lichtstad Lyceum",
        "https://www.lichtstadlyceum.example.nl",
      ),
      school(
        "strijp-vakcollege",
        "Strijp Vakcollege",
        "https://www.strijpvakcollege.example.nl",
      ),
      school(
        "genneper-gymnasium",
        "Het Genneper Gymnasium",
        "https://www.gennepergymnasium.example.nl",
      ),
      school("scholengemeenschap-woensel", "Scholengemeenschap Woensel", null),
      school(
        "kempenpoort-mavo",
        "Kempenpoort Mavo",
        "https://www.kempenpoortmavo.example.nl",
      ),
      school(
        "tongelre-college",
        "Tongelre College",
        "https://www.tongelrecollege.example.nl",
      ),
    ],
    days: [
      {
        key: "eindhoven-techniekdag",
        daysFromToday: 10,
        display: "Techniekdag 040",
        schoolDisplay: "Dommeldal College",
        address: "Dommelkade 7",
        postalCode: "5615 BE",
        city: "Eindhoven",
        readonly: false,
        rounds: hourlyRounds("09:00", 4),
        schoolKeys: [
          "dommeldal-college",
          "lichtstad-lyceum",
          "strijp-vakcollege",
          "genneper-gymnasium",
          "scholengemeenschap-woensel",
          "tongelre-college",
        ],
        workshops: [
          pick("robotica", { 1: 0 }),
          pick("werktuigbouwkunde"),
          pick("elektrotechniek", { 4: null }),
          pick("bedrijfsbezoek-chips", { 1: null, 4: null }),
          pick("game-development", { 2: 1 }),
          pick("software-development"),
          pick("cybersecurity"),
          pick("data-science"),
          pick("mediavormgeving", { 3: 2 }),
          pick("laborant"),
          pick("verpleegkunde"),
          pick("ondernemen"),
          pick("fotografie"),
        ],
      },
      {
        key: "eindhoven-avond",
        daysFromToday: 28,
        display: "Studiekeuze-avond 040",
        schoolDisplay: "Lichtstad Lyceum",
        // Only the city is known: the address line stays hidden on the home page.
        address: null,
        postalCode: null,
        city: "Eindhoven",
        readonly: false,
        rounds: hourlyRounds("18:30", 3),
        schoolKeys: [
          "lichtstad-lyceum",
          "genneper-gymnasium",
          "kempenpoort-mavo",
          "tongelre-college",
        ],
        workshops: [
          pick("installatietechniek"),
          pick("bouwkunde"),
          pick("marketing", { 1: 2 }),
          pick("fysiotherapie"),
          pick("muziek", { 3: null }),
          pick("leraar"),
          pick("horeca"),
          pick("sport", { 2: 0 }),
        ],
      },
      {
        key: "eindhoven-zomer",
        daysFromToday: 56,
        display: "Studiekeuzedag zomer",
        schoolDisplay: "Strijp Vakcollege",
        address: "Vakcollegestraat 1",
        postalCode: "5616 GZ",
        city: "Eindhoven",
        readonly: true,
        rounds: hourlyRounds("09:00", 4),
        schoolKeys: [
          "dommeldal-college",
          "strijp-vakcollege",
          "scholengemeenschap-woensel",
          "kempenpoort-mavo",
        ],
        workshops: [
          pick("geneeskunde"),
          pick("psychologie"),
          pick("mode"),
          pick("netwerkbeheer"),
          pick("studiekeuze"),
        ],
      },
    ],
  },
  {
    name: "studiemarkt013",
    supportEmail: "contact@studiemarkt013.example.nl",
    settings: {
      logo: mediaPath.siteLogo("studiemarkt013"),
      primaryColor: "0f766e",
      fullLocationName: "Studiemarkt 013",
      websiteUrl: "https://www.studiemarkt013.example.nl",
      address: "Textielplein 13",
      postalCode: "5038 AA",
      city: "Tilburg",
      googleMapsUrl: mapsUrl("Textielplein 13", "5038 AA Tilburg"),
    },
    pages: {
      home: {
        title: "Welkom op de Studiemarkt 013",
        intro: null,
        text:
          "<p>Op de <strong>Studiemarkt 013</strong> in Tilburg proef je aan studies en beroepen. In korte workshops ga je zelf aan de slag.</p>" +
          "<ul><li>Drie of vier rondes per dag</li><li>Workshops van mbo, hbo en universiteit uit Midden-Brabant</li><li>Gratis voor leerlingen van de deelnemende scholen</li></ul>" +
          '<p>Decanen vinden lesmateriaal ter voorbereiding op <a href="https://www.studiemarkt013.example.nl/decanen">de pagina voor decanen</a>.</p>',
      },
      inschrijfformulier_bedankt: {
        title: "Bedankt, je staat erbij!",
        intro: "Je inschrijving voor de Studiemarkt 013 is binnen.",
        text: THANK_YOU_TEXT,
      },
    },
    locations: [
      {
        display: "Spoorhal 013",
        afbeelding: mediaPath.location("tilburg-spoorhal"),
        adres: "Textielplein 13",
        postcode: "5038 AA",
        plaats: "Tilburg",
        externeLocatieUrl: mapsUrl("Textielplein 13", "5038 AA Tilburg"),
      },
      {
        display: "Het Reeshof Lyceum",
        afbeelding: mediaPath.location("tilburg-reeshof-lyceum"),
        adres: "Reeshofweg 8",
        postcode: "5044 KL",
        plaats: "Tilburg",
        externeLocatieUrl: "https://www.reeshoflyceum.example.nl/contact",
      },
    ],
    providers: {
      mbo: "roc-hart-van-brabant",
      hbo: "hogeschool-zuid",
      wo: "universiteit-van-brabant",
    },
    schools: [
      school(
        "piushaven-college",
        "Piushaven College",
        "https://www.piushavencollege.example.nl",
      ),
      school(
        "reeshof-lyceum",
        "Het Reeshof Lyceum",
        "https://www.reeshoflyceum.example.nl",
      ),
      school(
        "vakcollege-kruikenstad",
        "Vakcollege De Kruikenstad",
        "https://www.vakcollegekruikenstad.example.nl",
      ),
      school(
        "scholengemeenschap-oisterwijk",
        "Scholengemeenschap Oisterwijk",
        "https://www.sg-oisterwijk.example.nl",
      ),
      school("moerenburg-gymnasium", "Moerenburg Gymnasium", null),
      school(
        "mavo-berkel-enschot",
        "Mavo Berkel-Enschot",
        "https://www.mavoberkelenschot.example.nl",
      ),
    ],
    days: [
      {
        key: "tilburg-studiemarkt",
        daysFromToday: 17,
        display: "Studiemarkt 013",
        schoolDisplay: "Piushaven College",
        address: "Textielplein 13",
        postalCode: "5038 AA",
        city: "Tilburg",
        readonly: false,
        rounds: hourlyRounds("10:00", 4),
        schoolKeys: [
          "piushaven-college",
          "reeshof-lyceum",
          "vakcollege-kruikenstad",
          "scholengemeenschap-oisterwijk",
          "moerenburg-gymnasium",
          "mavo-berkel-enschot",
        ],
        workshops: [
          pick("rechten"),
          pick("psychologie", { 4: 2 }),
          pick("verpleegkunde", { 1: 0 }),
          pick("pedagogisch-werk"),
          pick("logistiek"),
          pick("financiele-dienstverlening", { 3: null }),
          pick("marketing"),
          pick("toerisme", { 2: 1 }),
          pick("horeca"),
          pick("kok", { 1: null, 2: null }),
          pick("mediavormgeving"),
          pick("politie"),
          pick("software-development"),
        ],
      },
      {
        key: "tilburg-voorjaar",
        daysFromToday: 42,
        display: "Studiemarkt 013 voorjaar",
        schoolDisplay: "Het Reeshof Lyceum",
        address: "Reeshofweg 8",
        postalCode: "5044 KL",
        city: "Tilburg",
        readonly: true,
        rounds: hourlyRounds("10:00", 3),
        schoolKeys: [
          "piushaven-college",
          "reeshof-lyceum",
          "vakcollege-kruikenstad",
          "mavo-berkel-enschot",
        ],
        workshops: [
          pick("retail"),
          pick("ondernemen"),
          pick("data-science"),
          pick("leraar"),
          pick("sport"),
          pick("mode"),
          pick("kapper"),
          pick("bakker"),
        ],
      },
    ],
  },
];
