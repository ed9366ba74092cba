import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The app's layers, lowest first; each entry: the files of the layer, and the module names that reach it. Every
 * module of `app/` is in one (`app/app.css` is no module). The route table and the two entries sit at the top with
 * the routes: React Router loads them, and no module of the app imports them.
 */
const LAYERS = [
  { files: ["app/lib/**", "app/messages/**"], names: ["lib", "messages"] },
  // Server-only logs, request ids, metrics and error reports: `app/upstream/` and `server/` use them, and they
  // import nothing of the app, so no browser module of lib/ can reach them.
  { files: ["app/observability/**"], names: ["observability"] },
  { files: ["app/upstream/**"], names: ["upstream"] },
  { files: ["app/env.server.ts"], names: ["env\\.server"] },
  { files: ["app/session/**"], names: ["session"] },
  { files: ["app/request/**"], names: ["request"] },
  { files: ["app/registration/**"], names: ["registration"] },
  { files: ["app/components/**"], names: ["components"] },
  { files: ["app/middleware/**"], names: ["middleware"] },
  {
    files: [
      "app/routes/**",
      "app/root.tsx",
      "app/routes.ts",
      "app/entry.server.tsx",
      "app/entry.client.tsx",
    ],
    names: ["routes", "root", "entry\\.server", "entry\\.client"],
  },
];

/** One no-restricted-imports rule per layer, naming every layer above it (through `~/` or a relative path). */
function layerRules() {
  return LAYERS.map((layer, index) => {
    const above = LAYERS.slice(index + 1).flatMap((higher) => higher.names);
    return {
      files: layer.files,
      ignores: ["**/*.test.{ts,tsx}"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                regex: `^(~|\\.{1,2}(/\\.\\.)*)/(${above.join("|")})(/|\\.|$)`,
                message: `${layer.files.join(", ")} may not import a higher layer (decision 0029).`,
              },
              {
                regex: "^(\\.{1,2}/)+(\\.\\./)*server/",
                message:
                  "The app does not import the HTTP server (decision 0029).",
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Imports point down only (decision 0029): lib, messages → observability → upstream → env → session → request
  // → registration → components → middleware → routes, root, route table, entries → server. Each folder may not
  // import the layers above it.
  ...layerRules(),
  {
    // The contract is the floor both programs stand on (decision 0070): it imports Zod and itself, nothing of either.
    files: ["contract/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~|#|\\.\\./)",
              message:
                "The contract imports nothing of the web app or the reference upstream (decision 0070).",
            },
          ],
        },
      ],
    },
  },
  {
    // The reference upstream stands in for the provider's API, a separate program: what it shares with the web app is
    // the contract, and only the contract (decision 0070).
    files: ["reference-upstream/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^(~/|#(?!contract(/|$))|(\\.\\./)+(app|server|scripts|tests|public|contract)/)",
              message:
                "The reference upstream imports the contract (#contract) and its own files only (decision 0070).",
            },
          ],
        },
      ],
    },
  },
  {
    // Its tests, which are not part of the program, may also use the in-process fixtures (tests/fixtures): the
    // reference upstream with its test data starts from there.
    files: ["reference-upstream/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^(~/|#(?!contract(/|$))|(\\.\\./)+(app|server|scripts|public|contract)/|(\\.\\./)+tests/(?!fixtures/))",
              message:
                "The reference upstream's tests import the contract (#contract), its own files and tests/fixtures only (decision 0070).",
            },
          ],
        },
      ],
    },
  },
  {
    // Loaders and actions get the request as it came (v8_passThroughRequests, decision 0054): on a data request its
    // URL ends in `.data` and may carry `?index` or `_routes`. The `url` argument is the page's address.
    files: ["app/routes/**", "app/root.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[object.name=/^(request|req)$/][property.name='url']",
          message:
            "Read the page's address from the `url` argument: `request.url` is the raw request (decision 0054).",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
