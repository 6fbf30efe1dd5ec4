/**
 * The dependency rule of docs/architecture.md §1, enforced by `npm run lint`:
 * - domain imports only domain and zod;
 * - application imports domain and application;
 * - adapters import domain, application and adapters (never workers, main/ or scripts/);
 * - workers import anything but web, main/ and scripts/;
 * - main/ (the entrypoints) and scripts/ (migrate, seed, dev, test) wire everything together;
 * - web imports domain values and only `import type` from the server;
 * - in web/src, a feature imports only lib, ui, domain and its own folder (never another feature
 *   or the app shell), and lib and ui import no feature and not the app shell.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports only domain/ and zod',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: ['^domain/', '(^|/)node_modules/zod/', '^zod$'] },
    },
    {
      name: 'application-has-no-io',
      comment: 'application/ imports only domain/ and application/ (ports describe I/O; adapters do it)',
      severity: 'error',
      from: { path: '^application/' },
      to: { pathNot: ['^domain/', '^application/', '(^|/)node_modules/zod/', '^zod$'] },
    },
    {
      name: 'server-never-imports-web',
      comment: 'adapters/, workers/, main/ and scripts/ never import web/',
      severity: 'error',
      from: { path: '^(adapters|workers|main|scripts)/' },
      to: { path: '^web/' },
    },
    {
      name: 'adapters-never-import-workers-or-entrypoints',
      comment: 'adapters/ are I/O for use cases; the entrypoints (main/) and scripts/ compose them with workers/. adapters/main.ts is a shim kept for external harnesses that start the API by its former path.',
      severity: 'error',
      from: { path: '^adapters/', pathNot: '^adapters/main\\.ts$' },
      to: { path: '^(workers|main|scripts)/' },
    },
    {
      name: 'workers-never-import-entrypoints',
      comment: 'workers/ are started by main/worker.ts and main/api.ts, never the other way round',
      severity: 'error',
      from: { path: '^workers/' },
      to: { path: '^(main|scripts)/' },
    },
    {
      name: 'web-imports-server-types-only',
      comment: 'web/ may import domain/ values, and from application/, adapters/ or workers/ only `import type`',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(application|adapters|workers)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'feature-imports-lib-ui-domain-and-itself',
      comment:
        'web/src/features/<module> imports only web/src/lib, web/src/ui, domain/, its own folder and packages: never another feature or the app shell (app/ composes the features)',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/', pathNot: ['^web/src/(lib|ui)/', '^web/src/features/$1/'] },
    },
    {
      name: 'shared-client-code-imports-no-feature',
      comment: 'web/src/lib and web/src/ui are for every feature: they import neither a feature nor the app shell',
      severity: 'error',
      from: { path: '^web/src/(lib|ui)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(domain|application)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['web/dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
