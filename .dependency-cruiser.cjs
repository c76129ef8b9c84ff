/**
 * The hexagon's dependency rule (DESIGN.md "Shape"): dependencies point inward.
 * http → application → domain; adapters → domain; domain imports nothing outside itself.
 * `npm run lint:arch` runs it; test/unit/architecture.test.ts proves it can fail.
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain must import nothing outside src/domain: no adapters, no framework, no npm package, no node: module.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'application-not-outward',
      comment: 'Use cases depend on ports (src/domain), never on adapters or the HTTP layer.',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { path: '^src/(adapters|http)/' },
    },
    {
      name: 'adapters-not-http',
      comment: 'Adapters implement ports; they do not know about the HTTP layer or use cases.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(http|application)/' },
    },
    {
      name: 'http-adapters-only-in-composition',
      comment:
        'The composition root (src/container.ts) builds adapters. The HTTP layer may name their types, and only server.ts and the embedded-oidc plugin may construct the two it mounts itself (the embedded OpenID provider, a Koa app, and the id-token verifier).',
      severity: 'error',
      from: { path: '^src/http/', pathNot: '^src/http/(server|plugins/embedded-oidc)\\.ts$' },
      to: { path: '^src/adapters/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'http-routes-call-use-cases',
      comment:
        'Routes stay thin: route → use case → ports. A route file may not name a repository or the document store (not even its type); it calls the use case that does.',
      severity: 'error',
      from: { path: '^src/http/routes/' },
      to: { path: '^src/domain/(.+-repository|persistence/.+)\\.ts$' },
    },
    {
      name: 'contracts-are-leaves',
      comment: 'Contracts (zod schemas) are shared with the SPA, so they may import only zod, each other and the pure money and phone modules (form text ↔ cents, the one phone rule).',
      severity: 'error',
      from: { path: '^src/contracts/' },
      to: { path: '^src/(?!contracts/)', pathNot: '^src/(contracts/|domain/shared/(money|phone)\\.ts$)' },
    },
    {
      name: 'web-uses-contracts-only',
      comment: 'The SPA may share contracts and pure domain code with the server, nothing else.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^src/(?!contracts/|domain/)' },
    },
    {
      name: 'no-feature-to-feature',
      comment:
        'A SPA feature imports no other feature (bulletproof-react): shared pieces live in web/src/ui (the kit) or web/src/lib (queries two features read: web/src/lib/queries/<area>.ts), and a route composes features. Only auth (the session) may be imported by every feature.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/([^/]+)/',
        pathNot: [
          '^web/src/features/$1/',
          '^web/src/features/auth/',
        ],
      },
    },
    {
      name: 'ui-and-lib-not-features',
      comment: 'The kit (web/src/ui) and web/src/lib are shared by every feature, so they import no feature (the session aside).',
      severity: 'error',
      from: { path: '^web/src/(ui|lib)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/auth/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
