/**
 * In the browser Zod would probe `new Function` to compile faster validators. The CSP forbids eval, and the
 * refused probe is reported as a violation, so Zod runs without it there (form validation is small). Zod reads
 * the switch when a schema is built, so this module must load before any route module: root.tsx imports it
 * first. The server, where eval is allowed, keeps the faster validators.
 */
import { config } from "zod/v4/core";

if (typeof document !== "undefined") config({ jitless: true });
