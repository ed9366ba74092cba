/**
 * Every Dutch message the product shows, exactly as the product specification quotes it: one file per screen (and
 * one for what every screen shares), so that a page's scripts carry its own texts and not the whole site's. Routes
 * and components import from "~/messages" and never write a message inline.
 */
export * from "./common";
export * from "./toasts";
export * from "./home";
export * from "./school";
export * from "./workshops";
export * from "./workshop";
export * from "./cart";
export * from "./registration-form";
export * from "./contact";
export * from "./refusals";
export * from "./accessibility";
export * from "./privacy";
