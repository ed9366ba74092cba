import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of the product specification (Dutch paths).
export default [
  index("routes/home.tsx"),
  route("media/*", "routes/media.tsx"),
  route("contact", "routes/contact.tsx"),
  route("uitloggen", "routes/logout.tsx"),
  route("under-construction", "routes/under-construction.tsx"),
  route("health", "routes/health.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
