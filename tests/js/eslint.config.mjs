// The lint the code-quality test runs over player/'s scripts (tests/test_code_quality.py), as ruff
// runs over the Python: ESLint's recommended rules, for plain browser scripts (no modules, no build).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["player/assets/vendor/"] }, // the registry's built files, checked byte for byte instead
  js.configs.recommended,
  {
    files: ["player/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      strict: ["error", "function"],
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { caughtErrorsIgnorePattern: "^_" }], // catch (_): nothing to say about it
    },
  },
];
