import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Root middleware runs the host guard, maintenance and session before every loader and action.
    v8_middleware: true,
  },
} satisfies Config;
