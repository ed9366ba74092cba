/** The privacy statement (/privacy). */
import { LAYOUT } from "./common";
/** The page 'Privacy en cookies' (/privacy). */
export const PRIVACY = {
  title: "Privacy en cookies",
  footerLink: LAYOUT.footerLinks.privacy,
  cookiesTitle: "Cookies",
  /** The table's own scroll region (a phone scrolls it sideways). */
  cookiesTable: "Tabel met cookies",
  cookiesIntro:
    "Deze site zet alleen cookies die nodig zijn om hem te laten werken: functionele cookies. Daarvoor is geen toestemming nodig, dus je krijgt geen cookiemelding. Er zijn geen cookies voor statistieken, advertenties of sociale media.",
  columns: {
    name: "Naam",
    purpose: "Waarvoor",
    lifetime: "Bewaard",
    kind: "Soort",
  },
  functional: "Functioneel",
  purposes: {
    session:
      "Onthoudt je keuzes op deze site: je anonieme bezoekersnummer, het nummer van je inschrijving en de gekozen dag en school (die vervallen na 24 uur). Ondertekend, zodat niemand het kan vervalsen.",
    generation:
      "Zorgt dat een pagina die nog onderweg was je inschrijving niet terugzet nadat je bent uitgelogd of hebt geannuleerd.",
    toast:
      "Een melding voor de volgende pagina, zoals 'Toegevoegd aan favorieten'. Eén cookie per melding; weg zodra je hem hebt gezien.",
    favourites: "Welke workshops je als favoriet hebt gemarkeerd.",
    favouriteItem:
      "Eén wijziging van je favorieten, tot die in de lijst hierboven is verwerkt.",
    loginToken:
      "De code uit de inloglink in je e-mail, zodat die niet in de adresbalk blijft staan. Alleen voor de inlogpagina.",
    confirmToken:
      "De code uit de bevestigingslink in je e-mail, zodat die niet in de adresbalk blijft staan. Alleen voor de bevestigingspagina.",
    maintenanceBypass:
      "Alleen voor de organisatie: de site bekijken terwijl er onderhoud is.",
    awaitingConfirmation:
      "Het nummer van de inschrijving die je net hebt verstuurd, zodat de homepagina kan zeggen of die nog op je bevestiging wacht. Weg na 24 uur.",
  },
  upstreamTitle: "Wat we doorgeven aan het inschrijfsysteem",
  upstream: [
    "Je inschrijving wordt bewaard in het inschrijfsysteem van de organisatie. Deze site stuurt daarheen: je anonieme bezoekersnummer en het nummer van je inschrijving, de gekozen dag, school en workshops, en wat je in de formulieren invult (je gegevens bij het afronden, je e-mailadres bij het inloggen, je vraag bij Contact).",
    "Je IP-adres, je cookies en je browsergegevens gaan niet naar het inschrijfsysteem.",
  ],
  reportingTitle: "Foutmeldingen",
  reporting: [
    "Gaat er op de site iets mis, dan kan een melding naar ons foutrapportagesysteem gaan, zodat we het kunnen oplossen. Die melding bevat de fout, het adres van de pagina en het soort browser.",
    "Je cookies, je IP-adres en wat je in formulieren invult gaan niet mee. Meldingen die door linkscanners van e-mailprogramma's en andere automatische bezoekers ontstaan, worden niet verstuurd.",
  ],
  statementFallbackTitle: "Privacyverklaring",
} as const;

/** How long a cookie is kept, in words: '30 minuten', '12 uur', '7 dagen', '10 jaar'; 0 or less: 'tot je de browser sluit'. */
export function cookieLifetime(seconds: number | null): string {
  if (seconds === null || seconds <= 0) return "tot je de browser sluit";
  const units: [number, string, string][] = [
    [365 * 24 * 60 * 60, "jaar", "jaar"],
    [24 * 60 * 60, "dag", "dagen"],
    [60 * 60, "uur", "uur"],
    [60, "minuut", "minuten"],
    [1, "seconde", "seconden"],
  ];
  for (const [size, one, many] of units) {
    if (seconds % size === 0 || size === 1) {
      const count = Math.round(seconds / size);
      if (count >= 1) return `${count} ${count === 1 ? one : many}`;
    }
  }
  return `${seconds} seconden`;
}
