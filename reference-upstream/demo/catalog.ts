/**
 * Shared building blocks of the demo data: domains, providers and workshop templates. The sites (sites.ts)
 * pick from these, so a workshop is written once and can be offered in several regions.
 */
import type { Domein } from "./contract-types";

/** Label colours are dark enough for white text (contrast of at least 4.5:1, checked by the tests). */
export const DOMAINS = {
  techniek: { display: "Techniek", labelColor: "1d4ed8" },
  zorg: { display: "Zorg & Welzijn", labelColor: "be123c" },
  economie: { display: "Economie", labelColor: "047857" },
  ict: { display: "ICT", labelColor: "6d28d9" },
  creatief: { display: "Creatief", labelColor: "a21caf" },
  horeca: { display: "Horeca", labelColor: "b45309" },
  sport: { display: "Sport & Bewegen", labelColor: "0e7490" },
  bouw: { display: "Bouw & Infra", labelColor: "57534e" },
  groen: { display: "Groen & Dier", labelColor: "3f6212" },
  onderwijs: { display: "Onderwijs", labelColor: "9d174d" },
  maatschappij: { display: "Mens & Maatschappij", labelColor: "115e59" },
  logistiek: { display: "Transport & Logistiek", labelColor: "374151" },
} as const satisfies Record<string, Domein>;

export type DomainKey = keyof typeof DOMAINS;

/** Where the upstream serves each demo picture (media.ts draws them). */
export const mediaPath = {
  siteLogo: (site: string) => `/media/logos/${site}.svg`,
  school: (key: string) => `/media/schools/${key}.svg`,
  location: (key: string) => `/media/locations/${key}.svg`,
  provider: (key: string) => `/media/providers/${key}.svg`,
  workshop: (slug: string) => `/media/workshops/${slug}.svg`,
  workshopPhoto: (slug: string, number: number) =>
    `/media/workshops/${slug}-foto-${number}.svg`,
};

/** Fictional schools for vocational (mbo), applied (hbo) and university (wo) education. */
export const PROVIDERS = {
  "roc-domstad": { display: "ROC Domstad", hasLogo: true },
  "hogeschool-midden": { display: "Hogeschool Midden", hasLogo: true },
  "universiteit-aan-de-vecht": {
    display: "Universiteit aan de Vecht",
    hasLogo: true,
  },
  "maas-roc": { display: "Maas ROC", hasLogo: true },
  "hogeschool-zuid": { display: "Hogeschool Zuid", hasLogo: true },
  "universiteit-limburg-noord": {
    display: "Universiteit Limburg-Noord",
    hasLogo: true,
  },
  "kempen-college": { display: "Kempen College", hasLogo: true },
  "technische-universiteit-dommel": {
    display: "Technische Universiteit De Dommel",
    hasLogo: true,
  },
  "roc-hart-van-brabant": { display: "ROC Hart van Brabant", hasLogo: true },
  // No logo on purpose: the web app must cope with a provider without a picture.
  "universiteit-van-brabant": {
    display: "Universiteit van Brabant",
    hasLogo: false,
  },
} as const satisfies Record<string, { display: string; hasLogo: boolean }>;

export type ProviderKey = keyof typeof PROVIDERS;

/** The kind of school that gives a workshop; each site names its regional school per kind. */
export type Level = "mbo" | "hbo" | "wo";

export interface WorkshopTemplate {
  display: string;
  domains: DomainKey[];
  /** null: given by people from the field, without a school (the 'Overige' filter). */
  level: Level | null;
  /** Seats per round unless a site says otherwise. */
  seats: number;
  intro: string;
  about: string;
  activities: string[];
}

/** Keyed by slug. Plain text; data.ts turns it into HTML. */
export const WORKSHOPS = {
  verpleegkunde: {
    display: "Verpleegkunde: een dag in het ziekenhuis",
    domains: ["zorg"],
    level: "mbo",
    seats: 20,
    intro:
      "Loop mee met een verpleegkundige en ontdek hoe je zorgt voor patiënten op een drukke afdeling.",
    about:
      "Verpleegkundigen zijn de spil van de zorg. In het oefenziekenhuis werk je met echte apparatuur en oefenpoppen die kunnen praten, hoesten en een hoge hartslag krijgen.",
    activities: [
      "Bloeddruk en hartslag meten",
      "Een wond verzorgen",
      "Een patiënt overdragen aan je collega",
    ],
  },
  doktersassistent: {
    display: "Doktersassistent: spreekuur in de praktijk",
    domains: ["zorg"],
    level: "mbo",
    seats: 16,
    intro:
      "Achter de balie en in de spreekkamer: als doktersassistent ben je het eerste aanspreekpunt.",
    about:
      "Een doktersassistent doet veel meer dan afspraken maken. Je doet zelf kleine verrichtingen en je beslist aan de telefoon hoe snel iemand de huisarts moet zien.",
    activities: [
      "Triage aan de telefoon oefenen",
      "Een oor uitspuiten bij een oefenpop",
      "Bloedsuiker prikken",
    ],
  },
  "pedagogisch-werk": {
    display: "Pedagogisch medewerker: spelen is leren",
    domains: ["zorg", "onderwijs"],
    level: "mbo",
    seats: 20,
    intro:
      "Ontdek hoe je kinderen helpt om zich te ontwikkelen in de kinderopvang en op school.",
    about:
      "Kinderen leren het meest als ze spelen. Als pedagogisch medewerker bedenk je activiteiten die passen bij hun leeftijd en let je op wat elk kind nodig heeft.",
    activities: [
      "Een spelactiviteit bedenken voor peuters",
      "Oefenen met lastige situaties",
      "Een observatie schrijven",
    ],
  },
  fysiotherapie: {
    display: "Fysiotherapie: bewegen als medicijn",
    domains: ["zorg", "sport"],
    level: "hbo",
    seats: 18,
    intro:
      "Hoe help je een sporter na een blessure weer op de been? Je ervaart het in het bewegingslab.",
    about:
      "Fysiotherapeuten kijken hoe het lichaam beweegt en waarom het soms pijn doet. Met sensoren en videobeelden analyseer je een beweging en stel je een oefenprogramma op.",
    activities: [
      "Een sprong analyseren met videobeelden",
      "Spierkracht meten",
      "Een revalidatieschema maken",
    ],
  },
  geneeskunde: {
    display: "Geneeskunde: van symptoom tot diagnose",
    domains: ["zorg"],
    level: "wo",
    seats: 24,
    intro:
      "Kruip in de huid van een arts-in-opleiding en los samen een medisch raadsel op.",
    about:
      "Een patiënt komt binnen met vage klachten. Met je team stel je vragen, bekijk je uitslagen en kom je stap voor stap tot een diagnose, net als in de echte opleiding.",
    activities: [
      "Een anamnese afnemen",
      "Röntgenfoto's en labuitslagen lezen",
      "Je diagnose presenteren",
    ],
  },
  robotica: {
    display: "Techniek: bouw je eigen robot",
    domains: ["techniek", "ict"],
    level: "mbo",
    seats: 16,
    intro:
      "Bouw en programmeer in teams een kleine robot die zelfstandig een parcours aflegt.",
    about:
      "Robots zitten overal: in fabrieken, magazijnen en zelfs in de landbouw. In deze workshop zet je motoren, sensoren en een microcontroller in elkaar tot een werkende robot.",
    activities: [
      "Een robot in elkaar zetten",
      "Sensoren programmeren",
      "Racen tegen de andere teams",
    ],
  },
  elektrotechniek: {
    display: "Elektrotechniek: zonnepanelen en slimme meters",
    domains: ["techniek"],
    level: "mbo",
    seats: 18,
    intro:
      "Leg zelf een schakeling aan en ontdek hoe een huis energie opwekt en bewaart.",
    about:
      "De energietransitie heeft veel elektrotechnici nodig. Je leert hoe zonnepanelen, een thuisaccu en een slimme meter samenwerken en je sluit zelf een groep aan.",
    activities: [
      "Een schakeling aanleggen en testen",
      "Meten met een multimeter",
      "Het energieverbruik van een huis berekenen",
    ],
  },
  werktuigbouwkunde: {
    display: "Werktuigbouwkunde: ontwerp, frees en draai",
    domains: ["techniek"],
    level: "hbo",
    seats: 20,
    intro:
      "Van een 3D-ontwerp op de computer naar een echt onderdeel uit de freesmachine.",
    about:
      "Werktuigbouwkundigen ontwerpen alles wat beweegt, van fietsonderdelen tot machines voor de chipindustrie. Je tekent een onderdeel in CAD en ziet hoe het gemaakt wordt.",
    activities: [
      "Een onderdeel tekenen in CAD",
      "De CNC-freesmachine aan het werk zien",
      "Je ontwerp testen op sterkte",
    ],
  },
  autotechniek: {
    display: "Autotechniek: sleutelen aan de elektrische auto",
    domains: ["techniek", "logistiek"],
    level: "mbo",
    seats: 15,
    intro:
      "Duik onder de motorkap van een elektrische auto en ontdek hoe de techniek van morgen werkt.",
    about:
      "Auto's worden steeds slimmer en elektrischer. Een autotechnicus werkt met diagnoseapparatuur en laptops net zo vaak als met een moersleutel.",
    activities: [
      "Een storing uitlezen met diagnoseapparatuur",
      "Veilig werken aan hoogvoltsystemen",
      "Een wiel wisselen op tijd",
    ],
  },
  installatietechniek: {
    display: "Installatietechniek: warmtepompen van binnen",
    domains: ["techniek", "bouw"],
    level: "mbo",
    seats: 15,
    intro:
      "Hoe verwarm je een huis zonder gas? Je bekijkt een warmtepomp van binnen en sluit leidingen aan.",
    about:
      "Installateurs zorgen voor warmte, water en frisse lucht in elk gebouw. Door de overstap naar duurzame energie is het een vak met veel toekomst.",
    activities: [
      "Koperen leidingen buigen en persen",
      "Een warmtepomp van binnen bekijken",
      "Een lekkage opsporen",
    ],
  },
  bouwkunde: {
    display: "Bouwkunde: van schets tot bouwplaats",
    domains: ["bouw"],
    level: "hbo",
    seats: 22,
    intro:
      "Ontwerp een duurzaam huis en ontdek wat er allemaal komt kijken bij een bouwproject.",
    about:
      "Bouwkundigen bedenken hoe een gebouw eruitziet, hoe het blijft staan en hoeveel het kost. Je werkt met een bouwmodel op de computer en maakt keuzes voor materialen.",
    activities: [
      "Een plattegrond schetsen",
      "Een 3D-bouwmodel bekijken",
      "Duurzame materialen kiezen",
    ],
  },
  timmeren: {
    display: "Timmeren en houtbewerking",
    domains: ["bouw", "creatief"],
    level: "mbo",
    seats: 15,
    intro:
      "Zagen, schaven en verbinden: je maakt in de werkplaats een klein meubelstuk.",
    about:
      "Een timmerman werkt met zijn handen en met moderne machines. In de werkplaats leer je houtverbindingen maken en neem je je eigen werkstuk mee naar huis.",
    activities: [
      "Veilig werken met gereedschap",
      "Een pen-en-gatverbinding maken",
      "Je werkstuk afwerken",
    ],
  },
  "game-development": {
    display: "Game development met Unity",
    domains: ["ict", "creatief"],
    level: "hbo",
    seats: 24,
    intro:
      "Maak in één workshop je eigen speelbare level in de game-engine Unity.",
    about:
      "Games maken is teamwerk tussen programmeurs, artiesten en ontwerpers. Je bouwt een level, voegt een personage toe en laat je klasgenoten je game spelen.",
    activities: [
      "Een level bouwen in Unity",
      "Een personage laten springen met een script",
      "Elkaars games testen",
    ],
  },
  "software-development": {
    display: "Software developer: je eerste app",
    domains: ["ict"],
    level: "mbo",
    seats: 24,
    intro:
      "Programmeer een eenvoudige app en zie hem meteen werken op je telefoon.",
    about:
      "Software zit in alles wat je gebruikt. Je leert de basis van programmeren en bouwt een kleine app die een quiz met je vrienden speelt.",
    activities: [
      "Kennismaken met programmeren",
      "Een quiz-app bouwen",
      "Je app delen met de groep",
    ],
  },
  cybersecurity: {
    display: "Cybersecurity: denk als een hacker",
    domains: ["ict"],
    level: "hbo",
    seats: 25,
    intro:
      "Kraak een (nep)wachtwoord, vind het lek en leer hoe je systemen beter beveiligt.",
    about:
      "Bedrijven zoeken mensen die aanvallen kunnen herkennen en voorkomen. In een veilige oefenomgeving speel je een capture-the-flag-spel met echte hackerstechnieken.",
    activities: [
      "Een phishingmail ontmaskeren",
      "Een capture-the-flag spelen",
      "Tips om je eigen accounts te beveiligen",
    ],
  },
  "data-science": {
    display: "Data science: voorspellen met data",
    domains: ["ict", "economie"],
    level: "wo",
    seats: 30,
    intro:
      "Kun je met data voorspellen hoe druk het morgen op het station wordt? Probeer het zelf.",
    about:
      "Data scientists halen patronen uit grote hoeveelheden gegevens. Je werkt met echte open data en maakt een eenvoudig voorspellend model.",
    activities: [
      "Open data verkennen",
      "Een grafiek maken die iets vertelt",
      "Een eerste voorspelling doen",
    ],
  },
  netwerkbeheer: {
    display: "ICT-beheer: bouw je eigen netwerk",
    domains: ["ict", "techniek"],
    level: "mbo",
    seats: 16,
    intro:
      "Sluit switches en routers aan en zorg dat alle computers in het lokaal met elkaar praten.",
    about:
      "Zonder netwerkbeheerders geen internet op school of op kantoor. Je bouwt een klein netwerk op, lost storingen op en leert hoe wifi werkt.",
    activities: [
      "Netwerkkabels maken en testen",
      "Een router instellen",
      "Een storing opsporen",
    ],
  },
  "financiele-dienstverlening": {
    display: "Financiële dienstverlening",
    domains: ["economie"],
    level: "mbo",
    seats: 24,
    intro:
      "Help een klant met een lening, een verzekering of een slimme spaarrekening.",
    about:
      "In de financiële dienstverlening adviseer je mensen over geld. Je voert een adviesgesprek met een klant en rekent uit wat de beste keuze is.",
    activities: [
      "Een adviesgesprek voeren",
      "Rekenen aan sparen en lenen",
      "Oplichting via de bank herkennen",
    ],
  },
  ondernemen: {
    display: "Ondernemen: pitch je eigen bedrijf",
    domains: ["economie"],
    level: "hbo",
    seats: 30,
    intro:
      "Bedenk in een uur een bedrijfsidee en overtuig de jury in een pitch van twee minuten.",
    about:
      "Ondernemers zien kansen waar anderen problemen zien. In teams bedenk je een product, bepaal je voor wie het is en wat het mag kosten.",
    activities: [
      "Een idee bedenken in teams",
      "Een verdienmodel uitwerken",
      "Pitchen voor de jury",
    ],
  },
  marketing: {
    display: "Marketing en social media",
    domains: ["economie", "creatief"],
    level: "hbo",
    seats: 28,
    intro:
      "Waarom ga je een video wel of niet liken? Maak zelf een campagne voor een merk.",
    about:
      "Marketeers onderzoeken wat mensen willen en hoe je ze bereikt. Je maakt een campagne voor social media en leert hoe je meet of hij werkt.",
    activities: [
      "Een doelgroep onderzoeken",
      "Een social-mediapost ontwerpen",
      "Resultaten van een campagne lezen",
    ],
  },
  rechten: {
    display: "Rechten: de rechtszaak nagespeeld",
    domains: ["maatschappij"],
    level: "wo",
    seats: 30,
    intro:
      "Ben jij de rechter, de advocaat of de officier van justitie? Speel een echte zaak na.",
    about:
      "Juristen zoeken uit wat er volgens de wet moet gebeuren. In de oefenrechtszaal bereid je een pleidooi voor en hoor je getuigen.",
    activities: [
      "Een dossier doorlezen",
      "Een pleidooi voorbereiden",
      "De uitspraak van de rechter bespreken",
    ],
  },
  psychologie: {
    display: "Psychologie: hoe werkt ons brein?",
    domains: ["maatschappij", "zorg"],
    level: "wo",
    seats: 30,
    intro:
      "Laat je brein voor de gek houden en ontdek hoe psychologen gedrag onderzoeken.",
    about:
      "Psychologen bestuderen hoe mensen denken, voelen en beslissen. Je doet mee aan korte experimenten en bespreekt wat de resultaten zeggen.",
    activities: [
      "Meedoen aan een geheugenexperiment",
      "Optische illusies verklaren",
      "Zelf een onderzoeksvraag bedenken",
    ],
  },
  horeca: {
    display: "Horeca & gastvrijheid",
    domains: ["horeca"],
    level: "mbo",
    seats: 20,
    intro:
      "Ontvang gasten als een echte gastheer of gastvrouw in het leerrestaurant.",
    about:
      "Gastvrijheid is een vak. In het leerrestaurant leer je hoe je gasten ontvangt, bestellingen opneemt en een dienblad vol glazen veilig naar tafel brengt.",
    activities: [
      "Een tafel dekken",
      "Bestellingen opnemen",
      "Een koffiespecialiteit maken",
    ],
  },
  kok: {
    display: "Koken als een chef: de keuken in",
    domains: ["horeca"],
    level: "mbo",
    seats: 15,
    intro:
      "Trek een koksbuis aan en kook samen met echte chefs een gerecht van seizoensproducten.",
    about:
      "In een professionele keuken telt elke seconde. Je leert snijtechnieken, werkt volgens een recept en presenteert je bord aan de chef.",
    activities: [
      "Snijtechnieken oefenen",
      "Een gerecht bereiden",
      "Je bord mooi opmaken",
    ],
  },
  bakker: {
    display: "Bakkerij en patisserie",
    domains: ["horeca", "creatief"],
    level: "mbo",
    seats: 15,
    intro:
      "Kneed, vorm en versier: je bakt je eigen broodjes en een klein gebakje.",
    about:
      "Bakkers en patissiers combineren vakmanschap met creativiteit. In de bakkerij leer je deeg kneden en werk je met chocolade en room.",
    activities: [
      "Deeg kneden en vormen",
      "Werken met de oven",
      "Een gebakje versieren",
    ],
  },
  toerisme: {
    display: "Toerisme en recreatie: plan de perfecte reis",
    domains: ["horeca", "economie"],
    level: "hbo",
    seats: 24,
    intro:
      "Stel een reis samen voor een groep met een krap budget en veel wensen.",
    about:
      "In de toeristische sector zorg je dat mensen een onvergetelijke tijd hebben. Je plant een reis, zoekt de beste deals en lost een probleem op als de vlucht vertraagd is.",
    activities: [
      "Een reisprogramma samenstellen",
      "Een budget bewaken",
      "Omgaan met een ontevreden klant",
    ],
  },
  mediavormgeving: {
    display: "Mediavormgeving: ontwerp een poster",
    domains: ["creatief", "ict"],
    level: "mbo",
    seats: 20,
    intro: "Ontwerp met professionele software een poster voor een festival.",
    about:
      "Mediavormgevers maken websites, animaties, posters en filmpjes. Je leert werken met kleur, letters en beeld en maakt een ontwerp dat opvalt.",
    activities: [
      "Een moodboard maken",
      "Werken met ontwerpsoftware",
      "Je poster laten printen",
    ],
  },
  fotografie: {
    display: "Fotografie en film",
    domains: ["creatief"],
    level: "mbo",
    seats: 18,
    intro:
      "Werk met studiolampen en professionele camera's en maak je eigen portretfoto.",
    about:
      "Een goede foto vertelt een verhaal. In de fotostudio leer je spelen met licht en standpunt en maak je een korte film van tien seconden.",
    activities: [
      "Licht instellen in de studio",
      "Een portret fotograferen",
      "Een korte clip monteren",
    ],
  },
  muziek: {
    display: "Muziekproductie in de studio",
    domains: ["creatief"],
    level: "hbo",
    seats: 15,
    intro: "Maak een beat, neem een zangpartij op en mix je eigen track.",
    about:
      "Muziekproducers combineren techniek en gevoel. In de opnamestudio werk je met microfoons, een mengpaneel en productiesoftware.",
    activities: [
      "Een beat maken",
      "Zang of instrument opnemen",
      "Je track mixen",
    ],
  },
  mode: {
    display: "Mode en textiel: van ontwerp tot kledingstuk",
    domains: ["creatief"],
    level: "mbo",
    seats: 16,
    intro: "Ontwerp een kledingstuk en zet de eerste steken op de naaimachine.",
    about:
      "In de mode werk je aan collecties, patronen en duurzame stoffen. Je schetst een ontwerp, kiest stoffen en leert werken met de naaimachine.",
    activities: [
      "Een modeschets maken",
      "Stoffen kiezen en combineren",
      "Naaien op de machine",
    ],
  },
  kapper: {
    display: "Kapper en schoonheidsverzorging",
    domains: ["creatief", "zorg"],
    level: "mbo",
    seats: 15,
    intro:
      "Vlechten, föhnen en een make-up voor een fotoshoot: probeer het in de salon.",
    about:
      "Kappers en schoonheidsspecialisten zorgen dat mensen zich goed voelen. In de lessalon oefen je op oefenhoofden en met elkaar.",
    activities: [
      "Een vlechttechniek leren",
      "Föhnen met een ronde borstel",
      "Een dagmake-up aanbrengen",
    ],
  },
  sport: {
    display: "Sport en bewegen: train als een pro",
    domains: ["sport"],
    level: "mbo",
    seats: 25,
    intro:
      "Geef zelf een training aan een groep en ontdek wat een sportleider doet.",
    about:
      "Sportleiders en trainers zorgen dat iedereen plezier heeft in bewegen. Je doet een warming-up, bedenkt een oefening en geeft je groep aanwijzingen.",
    activities: [
      "Een warming-up geven",
      "Een spelvorm bedenken",
      "Feedback geven aan sporters",
    ],
  },
  politie: {
    display: "Politie en veiligheid",
    domains: ["maatschappij"],
    level: null,
    seats: 25,
    intro:
      "Agenten uit de regio vertellen over hun werk en je lost samen een zaak op.",
    about:
      "Bij de politie is geen dag hetzelfde. Agenten laten zien hoe zij een melding aanpakken en je oefent zelf met een verhoor en een sporenonderzoek.",
    activities: [
      "Sporen zoeken op een plaats delict",
      "Een verhoor oefenen",
      "Vragen stellen aan agenten",
    ],
  },
  leraar: {
    display: "Leraar worden: geef je eerste les",
    domains: ["onderwijs"],
    level: "hbo",
    seats: 25,
    intro:
      "Sta een keer aan de andere kant van het bord en geef een korte les aan je groep.",
    about:
      "Leraren zijn hard nodig en hebben een van de meest afwisselende banen die er zijn. Je bereidt een les van tien minuten voor en krijgt tips van studenten van de lerarenopleiding.",
    activities: [
      "Een lesje voorbereiden",
      "Lesgeven aan je groep",
      "Tips krijgen van studenten",
    ],
  },
  logistiek: {
    display: "Logistiek: het slimme magazijn",
    domains: ["logistiek", "economie"],
    level: "mbo",
    seats: 20,
    intro:
      "Hoe komt jouw online bestelling binnen een dag bij je thuis? Werk in het oefenmagazijn.",
    about:
      "Logistiek gaat over de juiste spullen op de juiste plek op het juiste moment. In het oefenmagazijn werk je met scanners en een voorraadsysteem.",
    activities: [
      "Orders verzamelen met een scanner",
      "Een vrachtwagen slim beladen",
      "De snelste route plannen",
    ],
  },
  dierverzorging: {
    display: "Dierverzorging: van hamster tot paard",
    domains: ["groen"],
    level: "mbo",
    seats: 15,
    intro:
      "Verzorg de dieren van het schooldierenverblijf en leer hoe je ziet of een dier zich goed voelt.",
    about:
      "Dierverzorgers werken in dierenparken, pensions en bij de dierenarts. Je voert, controleert en verzorgt dieren en leert wat ze nodig hebben.",
    activities: [
      "Een gezondheidscheck bij een konijn",
      "Voer samenstellen",
      "Een verblijf schoonmaken en inrichten",
    ],
  },
  hovenier: {
    display: "Hovenier: ontwerp een groene tuin",
    domains: ["groen", "bouw"],
    level: "mbo",
    seats: 15,
    intro:
      "Ontwerp een tuin die regenwater vasthoudt en goed is voor bijen en vlinders.",
    about:
      "Hoveniers maken steden groener en koeler. Je tekent een tuinontwerp, kiest planten en legt een stukje bestrating aan.",
    activities: [
      "Een tuinontwerp tekenen",
      "Planten herkennen en kiezen",
      "Een stukje bestrating leggen",
    ],
  },
  laborant: {
    display: "Laboratoriumtechniek: proeven in het lab",
    domains: ["techniek", "zorg"],
    level: "mbo",
    seats: 16,
    intro:
      "Trek een labjas aan en onderzoek of het water uit de kraan schoon is.",
    about:
      "Laboranten werken in ziekenhuizen, bij voedselproducenten en in de chemie. Je werkt nauwkeurig met pipetten en een microscoop.",
    activities: [
      "Pipetteren als een laborant",
      "Bacteriën bekijken onder de microscoop",
      "De zuurgraad van water meten",
    ],
  },
  retail: {
    display: "Verkoop en retail: de winkel van de toekomst",
    domains: ["economie"],
    level: "mbo",
    seats: 20,
    intro:
      "Richt een winkel in, help klanten en ontdek hoe online en offline winkelen samengaan.",
    about:
      "In de retail draait alles om de klant. Je bedenkt hoe een winkel klanten verleidt en oefent een verkoopgesprek.",
    activities: [
      "Een etalage inrichten",
      "Een verkoopgesprek oefenen",
      "Online en winkel combineren",
    ],
  },
  "bedrijfsbezoek-chips": {
    display: "Bedrijfsbezoek: werken bij een chipmachinebouwer",
    domains: ["techniek"],
    level: null,
    seats: 30,
    intro:
      "Engineers van een technologiebedrijf uit de regio laten zien hoe de machines voor computerchips worden gebouwd.",
    about:
      "De regio is wereldberoemd om zijn hightech industrie. Medewerkers van verschillende opleidingsniveaus vertellen over hun werk in de cleanroom en aan de tekentafel.",
    activities: [
      "Een cleanroompak aantrekken",
      "Een precisieproef doen",
      "Vragen stellen aan engineers",
    ],
  },
  studiekeuze: {
    display: "Open les: hoe maak je een goede studiekeuze?",
    domains: [],
    level: null,
    seats: 30,
    intro:
      "Twijfel je nog? Studiekeuzeadviseurs helpen je ontdekken wat bij je past.",
    about:
      "Een studie kiezen is een grote stap. In deze open les ontdek je wat je belangrijk vindt, waar je goed in bent en welke vragen je op een open dag kunt stellen.",
    activities: [
      "Een korte interessetest doen",
      "Je sterke punten ontdekken",
      "Een plan maken voor open dagen",
    ],
  },
} satisfies Record<string, WorkshopTemplate>;

export type WorkshopKey = keyof typeof WORKSHOPS;
