import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Modules above the services: the web layer, routes and components (`~/…` or relative paths). */
const LAYER_ABOVE_SERVICES = "^(~/|(\\.\\./)+)(web|routes|components)/";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "worker-configuration.d.ts", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (a failed D1 write reported as success),
    // and a promise where a void callback is expected (an event handler) is not awaited by its caller.
    // They type-check the project as they lint (one program from tsconfig.json): lint takes about 3x the CPU.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Business rules stay pure: no I/O, no server modules, no framework (docs/architecture.md).
    files: ["app/core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/*.server", "**/*.server.ts", "~/services/**", "~/db/**", "~/auth/**"], message: "app/core is pure: no I/O modules." },
            { group: ["@remix-run/*", "drizzle-orm", "drizzle-orm/*", "react", "react-dom"], message: "app/core is framework-free." },
            { regex: LAYER_ABOVE_SERVICES, message: "app/core is the bottom layer: it imports nothing above it." },
          ],
        },
      ],
    },
  },
  {
    // Services (and password hashing in app/auth) do data work on plain values: the web layer reads requests
    // and builds responses, so nothing here knows HTTP or the UI (docs/architecture.md "Layers").
    files: ["app/services/**", "app/auth/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: LAYER_ABOVE_SERVICES, message: "Services take and return plain values: HTTP goes in app/web, UI in app/components." },
            { group: ["@remix-run/*"], message: "Services take and return plain values: requests, responses and sessions are app/web's." },
          ],
        },
      ],
    },
  },
  {
    // The web layer reads requests and answers them with data: markup is made by components, which routes
    // call (a page's server-made markup: components/*/…markup.server.tsx), so nothing here imports them.
    files: ["app/web/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(~/|(\\.\\./)+)(routes|components)/", message: "app/web answers with data: markup is made in app/components, called by the route." },
          ],
        },
      ],
    },
  },
  {
    // The schema and the database client sit below the services; the demo seed is app/services/seed.
    files: ["app/db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(services|web|routes|components|mail|auth)/",
              message: "app/db is the bottom layer with app/core: it imports nothing above it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Mails are templates of plain values: what they tell is passed in, never read from the schema or a service.
    files: ["app/mail/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(db|services|web|routes|components|auth)/",
              message: "Mail templates take plain values: define the shape they read in app/mail.",
            },
          ],
        },
      ],
    },
  },
  {
    // Components render what they are given: shared shapes come from app/web/types or app/core, never from
    // a route or a server module (the browser bundle must not reach them, and imports must not run upwards).
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(routes|services|auth|db)/",
              message: "Components never import routes or server modules: put the shared type in app/web/types.",
            },
            { regex: "^(~/|(\\.\\./)+)web/(?!types/)", message: "Components import only app/web/types from app/web." },
          ],
        },
      ],
    },
  },
  {
    // Actions read Conform forms with parseSubmission (app/web/form-submission.server.ts): Conform's own
    // parse throws (a 500) on a hand-made `__intent__` or `__state__`, which that one entry point answers with 400.
    files: ["app/web/**", "app/routes/**"],
    ignores: ["app/web/form-submission.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@conform-to/valibot",
              importNames: ["parseWithValibot"],
              message: "Read a Conform form on the server with parseSubmission (app/web/form-submission.server.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // A fetcher whose request fails must leave its page as it was (issue 34): every fetcher of the shop is a
    // useShopFetcher, which reads the answer connection/route-handlers' clientAction gives for a failure.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/connection/useShopFetcher.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/react",
              importNames: ["useFetcher"],
              message: "Use useShopFetcher (app/components/connection): it keeps the page when the request fails.",
            },
          ],
        },
      ],
    },
  },
  {
    // Types that routes and components share: types only, so the browser bundle can import them freely.
    files: ["app/web/types/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: ".*", allowTypeImports: true, message: "app/web/types holds types only: import and re-export with `import type` / `export type`." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "Program > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration), ExportNamedDeclaration > :matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration), ExportDefaultDeclaration",
          message: "app/web/types holds types only: runtime code goes in a module beside its users.",
        },
      ],
    },
  },
);
