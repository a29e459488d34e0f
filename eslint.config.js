import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
            { group: ["**/*.server", "**/*.server.ts", "~/services/*", "~/db/*", "~/auth/*"], message: "app/core is pure: no I/O modules." },
            { group: ["@remix-run/*", "drizzle-orm", "drizzle-orm/*", "react", "react-dom"], message: "app/core is framework-free." },
          ],
        },
      ],
    },
  },
);
