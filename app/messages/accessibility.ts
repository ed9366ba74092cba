/** The accessibility statement (/toegankelijkheid). */
import { LAYOUT } from "./common";
/**
 * 'Toegankelijkheidsverklaring' (/toegankelijkheid), in the order of the Dutch government's model statement: the
 * standard, the status, how and when it was tested, the results, the known exceptions with their plan, and how to
 * report a problem. The organisation's own part (its contact person, its own checks, its signature) comes from
 * its page texts, as the privacy statement does.
 */
export const ACCESSIBILITY = {
  title: "Toegankelijkheidsverklaring",
  footerLink: LAYOUT.footerLinks.accessibility,
  intro: (organisation: string) =>
    `${organisation} wil dat iedereen deze inschrijfsite kan gebruiken: op een telefoon of een computer, met het toetsenbord, met een schermlezer of vergroting, en ook als JavaScript uit staat. In deze verklaring lees je hoe toegankelijk de site is, hoe we dat hebben getest en wat nog beter moet.`,
  standardTitle: "Welke norm",
  standard:
    "We toetsen aan de Web Content Accessibility Guidelines (WCAG) 2.2, niveau A en AA. Dat is de norm die voor overheden en publiek bekostigde scholen geldt (via de Europese norm EN 301 549).",
  statusTitle: "Status",
  status:
    "Deze site voldoet gedeeltelijk aan WCAG 2.2 niveau AA: de tests hieronder vinden geen fouten, maar niet alles is getest. Wat ontbreekt staat bij de bekende uitzonderingen.",
  testedTitle: "Hoe we hebben getest",
  tested: [
    "Bij elke wijziging van de site draait een vaste reeks automatische tests in de browser Chromium, met JavaScript aan en met JavaScript uit.",
    "Op een aanraakscherm zoals van een telefoon, 320, 360 en 390 pixels breed, in licht en in donker thema, gaan de tests langs elke pagina en elke toestand: Home, Contact (leeg en met fouten), deze verklaring, Privacy en cookies, Inschrijven met het inlogvak, Workshops (zoeken, filters, favorieten), een workshop met een gekozen ronde, een volle ronde, een wachtlijst en het aantal vrije plekken, de geopende inschrijving, het inschrijfformulier (leeg, met fouten, ingevuld), Jouw inschrijving, annuleren, bevestigen, inloggen, de foutpagina en de onderhoudspagina.",
    "Op elke pagina controleren we: de pagina schuift niet opzij; geen tekst valt weg; elke knop en link is minstens 24 bij 24 pixels of staat ver genoeg van andere; een knop verspringt niet als je een veld verlaat; één tik op 'Versturen' vanuit een veld verstuurt het formulier één keer; en de automatische toets axe-core vindt geen fouten tegen WCAG 2.2 A en AA.",
    "Daarnaast testen we het gebruik met alleen het toetsenbord, de focus na een fout in een formulier (naar de fout, met 'Fout: ' in de titel van de pagina) en het werken zonder JavaScript.",
  ],
  testedOnTitle: "Wanneer",
  testedOn: (date: string) =>
    `De tests zijn voor het laatst voor deze verklaring beoordeeld op ${date}. Ze draaien opnieuw bij elke wijziging van de site.`,
  resultsTitle: "Resultaten",
  results: [
    "Bij de laatste beoordeling slaagden alle tests, met JavaScript aan en uit, op alle drie de schermbreedtes en in beide thema's.",
    "Eerder gevonden en opgelost: op een telefoon van 320 pixels schoof de pagina Inschrijven opzij en vielen schoolnamen weg; de tabel met cookies was niet met het toetsenbord te bereiken; sommige links en keuzerondjes waren kleiner dan 24 pixels; en een eerste tik op 'Versturen' kon verloren gaan als er bij het verlaten van een veld een melding boven de knop verscheen.",
  ],
  exceptionsTitle: "Bekende uitzonderingen",
  exceptions: [
    {
      problem:
        "We hebben niet getest met schermlezers (zoals NVDA, VoiceOver of TalkBack) en niet in Firefox of Safari. Automatische tests vinden maar een deel van de problemen.",
      plan: "Plan: een test met schermlezers op een telefoon en een computer, en een onderzoek door een onafhankelijke deskundige, voor het volgende seizoen van oriëntatiedagen.",
    },
    {
      problem:
        "Teksten, afbeeldingen en logo's die de organisatie zelf invoert (beschrijvingen van workshops, pagina's, logo's van scholen) toetsen we alleen als ze op de site staan; of bijvoorbeeld een afbeelding een goede beschrijving heeft, hangt af van wat er is ingevoerd.",
      plan: "Plan: de organisatie controleert nieuwe teksten en afbeeldingen voordat ze op de site komen.",
    },
    {
      problem:
        "De e-mails die de site stuurt (bevestiging, inloglink) en de kaartlinks naar Google Maps vallen buiten deze tests.",
      plan: "Plan: de e-mails meenemen in de test met schermlezers.",
    },
  ],
  reportTitle: "Een probleem melden",
  report:
    "Kun je iets op deze site niet gebruiken, of zie je een probleem dat hier niet staat? Laat het ons weten via het contactformulier; kies bij 'Mijn vraag gaat over' voor 'Overig'. Vertel op welke pagina het was en wat je gebruikte (bijvoorbeeld je telefoon, browser of schermlezer).",
  reportLink: "Naar het contactformulier",
  organisationTitle: (organisation: string) => `Aanvulling van ${organisation}`,
  /** Shown when the organisation has not given its own part (contact person, its own checks, signature) yet. */
  organisationMissing: (organisation: string) =>
    `${organisation} heeft nog geen eigen aanvulling op deze verklaring gegeven, zoals een contactpersoon of eigen onderzoek.`,
} as const;

// ─── Privacy and cookies ───────────────────────────────────────────────────
