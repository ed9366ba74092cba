import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the route table of the product specification (Dutch paths).
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
