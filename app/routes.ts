import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of the product specification (Dutch paths), then the resource routes.
export default [
  index("routes/home.tsx"),
  route("inschrijven", "routes/school-select.tsx"),
  route("workshops", "routes/workshops.tsx"),
  route("workshop/:slug", "routes/workshop.tsx"),
  route("inschrijving-afronden", "routes/registration-form.tsx"),
  route("inschrijving-annuleren", "routes/cancel.tsx"),
  // Choosing another day on Home with a confirmed registration, asked without JavaScript.
  route("dag-wijzigen", "routes/switch-day.tsx"),
  route("login", "routes/login.tsx"),
  route("inschrijving-bevestigen", "routes/confirm.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("toegankelijkheid", "routes/accessibility.tsx"),
  route("under-construction", "routes/under-construction.tsx"),
  // Resource routes: forms post here and are sent back where they came from.
  route("winkelwagen", "routes/cart.tsx"),
  // The seats of a workshop's rounds, which its open page follows (decision 0053).
  route("workshop/:slug/plaatsen", "routes/workshop-places.tsx"),
  route("favorieten", "routes/favourites.tsx"),
  route("uitloggen", "routes/logout.tsx"),
  route("inschrijving-bevestigen/agenda.ics", "routes/confirm-calendar.tsx"),
  // 'Stuur de e-mail opnieuw' in Home's notice of a registration waiting for its mailed link.
  route("inschrijving-bevestigen/opnieuw", "routes/resend-confirmation.tsx"),
  route("media/*", "routes/media.tsx"),
  route("health", "routes/health.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
